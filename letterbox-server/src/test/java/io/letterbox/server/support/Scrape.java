package io.letterbox.server.support;

/** Reads one series of the server's {@code /metrics} (Prometheus text). */
public final class Scrape {
  private Scrape() {}

  /** @return the value of the series that starts with {@code series} (name and labels, e.g. {@code letterbox_event_streams}); 0 if absent */
  public static double value(Api api, String series) {
    Reply r = api.get("/metrics");
    if (r.status() != 200) {
      throw new AssertionError("metrics: " + r);
    }
    return r.body().lines()
        .filter(l -> l.startsWith(series + " ") || l.startsWith(series + "{"))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .sum();
  }
}
