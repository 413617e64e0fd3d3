import io.letterbox.bench.workload.Texts;
import io.letterbox.engine.search.Words;
import java.util.*;
public class Consist { public static void main(String[] a) {
  long pairs = 0, badWhole = 0, badSplit = 0, pairsS = 0;
  for (int i = 0; i < 50000; i++) { String t = Texts.at(i);
    for (String w : Words.of(t)) { pairs++; if (!SegBench2.split(w).equals(List.of(w)) && !Words.of(w).equals(List.of(w))) badWhole++; }
    for (String w : SegBench2.split(t)) { pairsS++; if (!SegBench2.split(w).equals(List.of(w))) badSplit++; }
  }
  System.out.printf("words not found by querying themselves: whole %d of %d (%.3f%%), split %d of %d (%.3f%%)%n", badWhole, pairs, 100.0*badWhole/pairs, badSplit, pairsS, 100.0*badSplit/pairsS);
} }
