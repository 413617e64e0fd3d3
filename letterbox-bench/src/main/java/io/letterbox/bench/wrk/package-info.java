/**
 * The {@code http} scenario's load generator: wrk in its own process with the Lua scripts in the
 * jar, its operations and their goals, pacing, results, and the user tokens the scripts send.
 */
package io.letterbox.bench.wrk;
