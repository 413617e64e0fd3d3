package io.letterbox.bench.report;

import java.util.Map;

/**
 * One operation measured on one target, or skipped there.
 *
 * @param figures           name → value, in table order (empty when skipped)
 * @param ratiosToLetterbox name → this target's value divided by Letterbox's in the same run
 * @param skipped           why it was not measured, or null
 */
public record Row(String operation, String target, Map<String, Double> figures,
    Map<String, Double> ratiosToLetterbox, String skipped) {}
