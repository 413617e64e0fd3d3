/**
 * The engine's public values: requests, messages, conversations, pages, broadcasts, audiences,
 * caps. Immutable records; no storage or engine types.
 */
package io.letterbox.model;
