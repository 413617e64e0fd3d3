/**
 * The scenarios, one command each ({@code send}, {@code read-page}, {@code mixed}, ...): each sets
 * up its data, drives every target through the target interfaces and reports. A scenario uses
 * {@code cli}, {@code measure}, {@code report}, {@code targets}, {@code workload}, {@code wrk} and
 * {@code process}; it never reaches into a baseline.
 */
package io.letterbox.bench.scenario;
