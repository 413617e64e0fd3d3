package io.letterbox.bench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every scenario's defaults at each size ({@link Size}), declared here and nowhere else: the
 * scenarios read them ({@link Preset#or}) and each scenario's help lists them
 * ({@link #help}). An option given on the command line wins over its size's default.
 */
public final class Sizes {
  private static final List<Preset<?>> ALL = new ArrayList<>();

  /**
   * The defaults of one option of one scenario.
   *
   * @param scenario the scenario's command name
   * @param option   the option the defaults stand in for
   */
  public record Preset<T>(String scenario, String option, T tiny, T quick, T full) {
    /** @return {@code given}, or this preset's value at {@code size} when none was given */
    public T or(T given, Size size) {
      return given != null ? given : size.pick(tiny, quick, full);
    }
  }

  // send
  public static final Preset<Long> SEND_MESSAGES = preset("send", "--messages", 2_000L, 200_000L, 2_000_000L);
  public static final Preset<Integer> SEND_USERS = preset("send", "--users", 1_000, 100_000, 1_000_000);
  public static final Preset<Long> SEND_WARMUP = preset("send", "--warmup", 200L, 20_000L, 50_000L);

  // read-page
  public static final Preset<Integer> READ_PAGE_USERS = preset("read-page", "--users", 1_000, 50_000, 1_000_000);
  public static final Preset<Integer> READ_PAGE_CONVERSATIONS = preset("read-page", "--conversations",
      500, 20_000, 200_000);
  public static final Preset<Long> READ_PAGE_MESSAGES = preset("read-page", "--messages", 5_000L, 150_000L, 5_000_000L);
  public static final Preset<Double> READ_PAGE_SECONDS = preset("read-page", "--seconds", 0.5, 2.0, 15.0);
  public static final Preset<Integer> READ_PAGE_DECORATED = preset("read-page", "--decorated", 20, 200, 2_000);

  // mixed
  public static final Preset<Double> MIXED_RATE = preset("mixed", "--rate", 500.0, 2_000.0, 10_000.0);
  public static final Preset<Double> MIXED_SECONDS = preset("mixed", "--seconds", 2.0, 20.0, 60.0);
  public static final Preset<Long> MIXED_PRELOAD = preset("mixed", "--preload", 5_000L, 100_000L, 1_000_000L);
  public static final Preset<Integer> MIXED_USERS = preset("mixed", "--users", 1_000, 50_000, 500_000);
  public static final Preset<Integer> MIXED_CONVERSATIONS = preset("mixed", "--conversations", 500, 20_000, 100_000);

  // broadcast-fanout
  public static final Preset<Integer> BROADCAST_FANOUT_RECEIVERS = preset("broadcast-fanout", "--receivers",
      10_000, 1_000_000, 10_000_000);

  // hot-sender
  public static final Preset<Integer> HOT_SENDER_RECEIVERS = preset("hot-sender", "--receivers",
      10_000, 200_000, 1_000_000);
  public static final Preset<Double> HOT_SENDER_SECONDS = preset("hot-sender", "--seconds", 0.5, 5.0, 15.0);

  // conversation-list
  public static final Preset<List<Long>> CONVERSATION_LIST_OWNER_SIZES = preset("conversation-list", "--owner-sizes",
      List.of(1_000L, 10_000L), List.of(10_000L, 1_000_000L), List.of(10_000L, 1_000_000L, 20_000_000L));
  public static final Preset<Long> CONVERSATION_LIST_USERS = preset("conversation-list", "--users",
      10_000L, 100_000L, 1_000_000L);
  public static final Preset<Long> CONVERSATION_LIST_BROADCASTERS = preset("conversation-list", "--broadcasters",
      200L, 2_000L, 2_000L);
  public static final Preset<Integer> CONVERSATION_LIST_RESTARTS = preset("conversation-list", "--restarts", 5, 5, 20);
  public static final Preset<Long> CONVERSATION_LIST_SENDS = preset("conversation-list", "--sends",
      2_000L, 100_000L, 200_000L);
  public static final Preset<Long> CONVERSATION_LIST_WARMUP = preset("conversation-list", "--warmup",
      200L, 20_000L, 50_000L);
  public static final Preset<Double> CONVERSATION_LIST_SECONDS = preset("conversation-list", "--seconds",
      0.5, 2.0, 15.0);
  public static final Preset<Long> CONVERSATION_LIST_CHATTY_MESSAGES = preset("conversation-list", "--chatty-messages",
      2_000L, 20_000L, 100_000L);

  // group
  public static final Preset<Long> GROUP_BIG_MEMBERS = preset("group", "--big-members", 1_000L, 100_000L, 100_000L);
  public static final Preset<Long> GROUP_POSTS = preset("group", "--posts", 300L, 20_000L, 100_000L);
  public static final Preset<Long> GROUP_BASELINE_BIG_POSTS = preset("group", "--baseline-big-posts", 300L, 100L, 500L);
  public static final Preset<Long> GROUP_WARMUP = preset("group", "--warmup", 100L, 5_000L, 20_000L);
  public static final Preset<Integer> GROUP_GROUPS = preset("group", "--groups", 50, 1_000, 1_000);
  public static final Preset<Integer> GROUP_GROUP_SIZE = preset("group", "--group-size", 10, 20, 20);
  public static final Preset<Integer> GROUP_MEMBER_GROUPS = preset("group", "--member-groups", 20, 500, 500);
  public static final Preset<Long> GROUP_GROUP_POSTS = preset("group", "--group-posts", 2_000L, 200_000L, 1_000_000L);
  public static final Preset<Integer> GROUP_USERS = preset("group", "--users", 1_000, 100_000, 100_000);
  public static final Preset<Double> GROUP_SECONDS = preset("group", "--seconds", 0.5, 3.0, 15.0);

  // search
  public static final Preset<Long> SEARCH_MESSAGES = preset("search", "--messages", 2_000L, 100_000L, 500_000L);
  public static final Preset<Integer> SEARCH_USERS = preset("search", "--users", 1_000, 100_000, 1_000_000);
  public static final Preset<Long> SEARCH_WARMUP = preset("search", "--warmup", 200L, 10_000L, 20_000L);
  public static final Preset<List<Long>> SEARCH_OWNER_MESSAGES = preset("search", "--owner-messages",
      List.of(2_000L, 10_000L), List.of(100_000L, 300_000L), List.of(100_000L, 1_000_000L));
  public static final Preset<Integer> SEARCH_QUERIES = preset("search", "--queries", 50, 300, 1_000);
  public static final Preset<Long> SEARCH_BROADCAST_FOLLOWERS = preset("search", "--broadcast-followers",
      10_000L, 1_000_000L, 10_000_000L);

  // events
  public static final Preset<Integer> EVENTS_CONNECTIONS = preset("events", "--connections", 200, 2_000, 10_000);
  public static final Preset<Double> EVENTS_SECONDS = preset("events", "--seconds", 3.0, 10.0, 20.0);
  public static final Preset<Double> EVENTS_WARMUP = preset("events", "--warmup", 1.0, 10.0, 30.0);
  public static final Preset<Integer> EVENTS_FOLLOWERS = preset("events", "--followers", 20_000, 200_000, 1_000_000);

  // http
  public static final Preset<List<Integer>> HTTP_CONNECTIONS = preset("http", "--connections",
      List.of(1, 16), List.of(1, 4, 16, 64, 256), List.of(1, 4, 16, 64, 256));
  public static final Preset<Integer> HTTP_SECONDS = preset("http", "--seconds", 1, 3, 10);
  public static final Preset<Integer> HTTP_WARMUP = preset("http", "--warmup", 0, 3, 10);
  public static final Preset<Integer> HTTP_PACED_TRIES = preset("http", "--paced-tries", 1, 2, 2);
  public static final Preset<Integer> HTTP_USERS = preset("http", "--users", 200, 10_000, 100_000);
  public static final Preset<Integer> HTTP_MESSAGES_PER_CONVERSATION = preset("http", "--messages-per-conversation",
      4, 10, 10);

  private Sizes() {}

  private static <T> Preset<T> preset(String scenario, String option, T tiny, T quick, T full) {
    Preset<T> preset = new Preset<>(scenario, option, tiny, quick, full);
    ALL.add(preset);
    return preset;
  }

  /** @return every preset, in the order declared */
  public static List<Preset<?>> all() {
    return List.copyOf(ALL);
  }

  /** @return the presets of {@code scenario}, in the order declared */
  public static List<Preset<?>> of(String scenario) {
    return ALL.stream().filter(p -> p.scenario().equals(scenario)).toList();
  }

  /** @return the lines of the help's table of {@code scenario}'s defaults by size; none if it has no presets */
  public static List<String> help(String scenario) {
    List<Preset<?>> presets = of(scenario);
    if (presets.isEmpty()) {
      return List.of();
    }
    List<String> lines = new ArrayList<>(List.of("", "Defaults by --size (tiny / quick / full):"));
    for (Preset<?> p : presets) {
      lines.add(String.format(Locale.ROOT, "  %-28s %s / %s / %s", p.option(), text(p.tiny()), text(p.quick()),
          text(p.full())));
    }
    return lines;
  }

  private static String text(Object value) {
    return value instanceof List<?> list ? String.join(",", list.stream().map(String::valueOf).toList())
        : String.valueOf(value);
  }
}
