/**
 * The mariadb baseline: the seed's MySQL index design on a MariaDB server the bench starts on
 * loopback ({@link io.letterbox.bench.baseline.mariadb.MariaDbServer}); its program comes from
 * {@code letterbox-bench/provision-baselines}.
 */
package io.letterbox.bench.baseline.mariadb;
