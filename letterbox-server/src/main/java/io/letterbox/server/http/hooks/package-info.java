/**
 * Calls Letterbox makes to the platform while it answers a request: the before-send hook, which
 * sees a message before it is stored and allows, rejects or replaces it.
 */
package io.letterbox.server.http.hooks;
