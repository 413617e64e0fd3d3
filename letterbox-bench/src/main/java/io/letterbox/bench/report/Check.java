package io.letterbox.bench.report;

/**
 * An answer the run checked besides timing it: a check that did not pass also fails a row of
 * the report ({@link Report#check}), so that the run fails.
 *
 * @param name   what was checked
 * @param target the target whose answers were checked
 * @param passed whether every answer was right
 * @param answers how many answers were checked
 * @param detail what was found (the expected answer, or the first wrong one)
 */
public record Check(String name, String target, boolean passed, long answers, String detail) {
  /** One line for a reader. */
  public String describe() {
    return (passed ? "checked " : "FAILED check ") + name + " on " + target + " (" + answers + " answers): " + detail;
  }
}
