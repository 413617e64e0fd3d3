package io.letterbox.bench.report;

import java.util.LinkedHashMap;
import java.util.Map;

/** Named figures in the order given, which is the order of the table's lines. */
public final class Figures {
  private Figures() {}

  public static Map<String, Double> of(String name, double value) {
    Map<String, Double> f = new LinkedHashMap<>();
    f.put(name, value);
    return f;
  }

  public static Map<String, Double> of(String name1, double value1, String name2, double value2) {
    Map<String, Double> f = of(name1, value1);
    f.put(name2, value2);
    return f;
  }
}
