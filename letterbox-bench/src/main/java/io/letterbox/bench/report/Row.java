package io.letterbox.bench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One operation measured on one target, skipped there, or failed there.
 *
 * @param figures           name → value, in table order (empty when skipped or failed)
 * @param ratiosToLetterbox name → this target's value divided by Letterbox's in the same run
 * @param skipped           why it was not measured (the target does not have it), or null
 * @param failed            why it could not be measured although the target has it (every
 *                          attempt failed), or null: the run then ends with a failure
 * @param samplesMs         each sample in ms, in the order taken, where the operation was timed
 *                          one at a time (a page after each restart); null for a timed loop
 */
public record Row(String operation, String target, Map<String, Double> figures,
    Map<String, Double> ratiosToLetterbox, String skipped, String failed,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> samplesMs) {}
