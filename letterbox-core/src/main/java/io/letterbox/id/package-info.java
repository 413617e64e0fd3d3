/** Time-ordered 64-bit message ids (41-bit millis, import bit, node, sequence) and their generator. */
package io.letterbox.id;
