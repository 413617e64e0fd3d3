import io.letterbox.bench.workload.Texts;
import io.letterbox.engine.search.Words;
import java.util.*;
public class SegBench2 {
  static List<String> split(String t) {
    Set<String> out = new LinkedHashSet<>();
    for (String part : t.split("[，、,；;：:。！？!?\\s]+")) if (!part.isEmpty()) out.addAll(Words.of(part));
    return new ArrayList<>(out);
  }
  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(a[0]);
    String[] texts = new String[n];
    for (int i = 0; i < n; i++) texts[i] = Texts.at(i);
    int diff = 0;
    for (String t : texts) if (!new HashSet<>(Words.of(t)).equals(new HashSet<>(split(t)))) diff++;
    System.out.println("texts whose words differ: " + diff + " of " + n);
    for (int round = 0; round < 4; round++) {
      long t0 = System.nanoTime(); long w = 0;
      for (String t : texts) w += split(t).size();
      double s = (System.nanoTime() - t0) / 1e9;
      long t1 = System.nanoTime(); long w2 = 0;
      for (String t : texts) w2 += Words.of(t).size();
      double s2 = (System.nanoTime() - t1) / 1e9;
      System.out.printf("split %.1f us/text, whole %.1f us/text%n", s * 1e6 / n, s2 * 1e6 / n);
    }
  }
}
