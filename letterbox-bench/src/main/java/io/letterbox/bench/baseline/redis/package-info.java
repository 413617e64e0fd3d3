/**
 * The redis-recent100 baseline: the seed's cache of each active user's recent messages on a
 * redis-server the bench starts on loopback; its program comes from {@code
 * letterbox-bench/provision-baselines}.
 */
package io.letterbox.bench.baseline.redis;
