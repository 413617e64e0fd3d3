package io.letterbox.bench.report;

/**
 * A figure the run measured beside the goal Letterbox sets for it.
 *
 * @param name       what is measured, with its unit
 * @param figure     the figure measured, or null when it could not be
 * @param comparison "at least" or "at most": how the figure must stand to {@code target}
 * @param target     the goal's bound
 * @param met        whether the figure meets it; null when there is no figure
 */
public record Goal(String name, Double figure, String comparison, double target, Boolean met) {
  /** The figure must be at least {@code target}. */
  public static Goal atLeast(String name, Double figure, double target) {
    return new Goal(name, figure, "at least", target, figure == null ? null : figure >= target);
  }

  /** The figure must be at most {@code target}. */
  public static Goal atMost(String name, Double figure, double target) {
    return new Goal(name, figure, "at most", target, figure == null ? null : figure <= target);
  }

  /** One line for a reader: the goal, the figure and whether it is met. */
  public String describe() {
    return name + " " + comparison + " " + Table.number(target) + ": "
        + (figure == null ? "not measured" : Table.number(figure) + (met ? ", met" : ", NOT met"));
  }
}
