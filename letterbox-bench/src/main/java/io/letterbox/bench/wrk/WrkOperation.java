package io.letterbox.bench.wrk;

import java.util.Locale;

/**
 * An operation the {@code http} scenario drives with wrk: its Lua script (under {@code /wrk/} in
 * the jar), what it does, and Letterbox's throughput goal for it (0: none). {@link #HEALTH} is the
 * ceiling the others are read against: a request the server answers on its event loop without
 * calling the engine, so its rate is what HTTP alone costs with wrk on the same cores.
 */
public enum WrkOperation {
  SEND("send", "send (POST /v1/messages)", 25_000),
  PAGE("page", "newest page of 20", 40_000),
  LIST("list", "conversation list of 20", 20_000),
  UNREAD("unread", "unread summary (pc)", 0),
  HEALTH("health", "ceiling: GET /health (no engine call)", 0);

  private final String script;
  private final String label;
  private final double goalPerSecond;

  WrkOperation(String script, String label, double goalPerSecond) {
    this.script = script;
    this.label = label;
    this.goalPerSecond = goalPerSecond;
  }

  /** The script's name without {@code .lua}, also the operation's name on the command line. */
  public String script() {
    return script;
  }

  public String label() {
    return label;
  }

  /** The goal for the highest throughput, requests a second; 0 when there is none. */
  public double goalPerSecond() {
    return goalPerSecond;
  }

  /** Whether it only measures the HTTP ceiling: no goal is read from it. */
  public boolean ceiling() {
    return this == HEALTH;
  }

  /** The operation a command line names: send, page, list, unread or health. */
  public static WrkOperation named(String name) {
    for (WrkOperation op : values()) {
      if (op.script.equals(name.trim().toLowerCase(Locale.ROOT))) {
        return op;
      }
    }
    throw new IllegalArgumentException("unknown operation '" + name + "': send, page, list, unread or health");
  }
}
