/**
 * What hostile clients try, one behaviour per class: each test does what an attacker would through
 * the real HTTP API and checks that it gains nothing.
 */
package io.letterbox.server.hostile;
