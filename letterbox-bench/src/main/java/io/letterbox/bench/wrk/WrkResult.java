package io.letterbox.bench.wrk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one wrk run measured, from the JSON line the scripts' {@code done()} prints: requests
 * completed, socket errors, answers that were not 2xx (by status), and latency percentiles in
 * microseconds. wrk 4.1 measures from when each request was written, then, before the scripts see
 * the percentiles, adds samples for the requests a stall held back (its {@code stats_correct}: a
 * latency of at least twice the mean interval per connection adds one sample per interval), so the
 * percentiles and the mean are corrected for coordinated omission at the run's own rate.
 */
public record WrkResult(long requests, long durationMicros, long connectErrors, long readErrors, long writeErrors,
    long timeouts, long non2xx, Map<String, Long> statuses, long p50Micros, long p90Micros, long p99Micros,
    long maxMicros, double meanMicros) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Parses the last line of wrk's output that is a JSON object; fails with the output if there is none. */
  public static WrkResult parse(String output) {
    List<String> lines = output.lines().map(String::trim).filter(l -> l.startsWith("{\"requests\"")).toList();
    if (lines.isEmpty()) {
      throw new IllegalStateException("wrk printed no summary line (did the script's done() run?): " + tail(output));
    }
    try {
      JsonNode j = JSON.readTree(lines.get(lines.size() - 1));
      Map<String, Long> statuses = new LinkedHashMap<>();
      j.path("statuses").fields().forEachRemaining(e -> statuses.merge(e.getKey(), e.getValue().asLong(), Long::sum));
      return new WrkResult(j.get("requests").asLong(), j.get("durationUs").asLong(), j.get("connectErrors").asLong(),
          j.get("readErrors").asLong(), j.get("writeErrors").asLong(), j.get("timeouts").asLong(),
          j.get("non2xx").asLong(), statuses, j.get("p50Us").asLong(), j.get("p90Us").asLong(),
          j.get("p99Us").asLong(), j.get("maxUs").asLong(), j.get("meanUs").asDouble());
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException("wrk's summary line is not what the scripts print: " + lines.get(lines.size() - 1), e);
    }
  }

  public double perSecond() {
    return durationMicros <= 0 ? 0 : requests * 1e6 / durationMicros;
  }

  /** Socket errors, timeouts and non-2xx answers together. */
  public long failures() {
    return connectErrors + readErrors + writeErrors + timeouts + non2xx;
  }

  /** The failures in words, e.g. "12 not 2xx (429: 12), 3 timeouts". */
  public String failureText() {
    StringBuilder s = new StringBuilder();
    if (non2xx > 0) {
      s.append(non2xx).append(" not 2xx ").append(statuses.toString().replace('=', ':')
          .replace('{', '(').replace('}', ')'));
    }
    append(s, connectErrors, "connect errors");
    append(s, readErrors, "read errors");
    append(s, writeErrors, "write errors");
    append(s, timeouts, "timeouts");
    return s + " of " + requests + " requests";
  }

  private static void append(StringBuilder s, long n, String what) {
    if (n > 0) {
      s.append(s.length() > 0 ? ", " : "").append(n).append(' ').append(what);
    }
  }

  static String tail(String output) {
    List<String> lines = output.lines().toList();
    return String.join(" | ", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
  }
}
