package io.letterbox.bench.cli;

/**
 * How big a run is. {@code full} gives the figures for docs/benchmarks.md, {@code quick} finishes
 * a scenario with its baselines in under two minutes, {@code tiny} only proves it runs (tests).
 */
public enum Size {
  TINY, QUICK, FULL;

  /** The value of this size among the three. */
  public <T> T pick(T tiny, T quick, T full) {
    return switch (this) {
      case TINY -> tiny;
      case QUICK -> quick;
      case FULL -> full;
    };
  }
}
