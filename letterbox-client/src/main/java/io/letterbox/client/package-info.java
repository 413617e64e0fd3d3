/**
 * The Java client of the Letterbox HTTP API: {@link io.letterbox.client.LetterboxClient} hands out
 * one object per tag of the API ({@link io.letterbox.client.Messages},
 * {@link io.letterbox.client.Conversations}, {@link io.letterbox.client.Groups}, …), each call a
 * {@link io.letterbox.client.Call} run now or later, lists a {@link io.letterbox.client.Listing},
 * and the requests' and answers' records. Every failure is one
 * {@link io.letterbox.client.LetterboxException}. This is the public API; how requests are sent,
 * retried and decoded is in {@code internal}. Depends on the JDK's HTTP client and Jackson only,
 * not on the server.
 */
package io.letterbox.client;
