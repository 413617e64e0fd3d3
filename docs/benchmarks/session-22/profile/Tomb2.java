import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.store.KeyRange;
import java.nio.file.*;
import java.util.*;
import org.rocksdb.*;

/** Deleted entries a first list page steps over in a store left by the http scenario: java Tomb2 DIR */
public class Tomb2 {
  public static void main(String[] a) throws Exception {
    RocksStore store = RocksStore.open(Path.of(a[0]), Letterbox.SPACES);
    Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build());
    LinkedHashSet<Long> owners = new LinkedHashSet<>();
    store.scan(Spaces.CONVERSATIONS, new KeyRange(new byte[0], null), false, (k, v) -> {
      owners.add(PairKey.ownerOf(k));
      return owners.size() < 2000;
    });
    java.lang.reflect.Field fd = RocksStore.class.getDeclaredField("db");
    fd.setAccessible(true);
    RocksDB db = (RocksDB) fd.get(store);
    java.lang.reflect.Field ff = RocksStore.class.getDeclaredField("families");
    ff.setAccessible(true);
    Object fams = ff.get(store);
    java.lang.reflect.Method of = fams.getClass().getDeclaredMethod("of", io.letterbox.store.Space.class);
    of.setAccessible(true);
    Object fam = of.invoke(fams, Spaces.ACTIVITY);
    java.lang.reflect.Method h = fam.getClass().getDeclaredMethod("handle");
    h.setAccessible(true);
    ColumnFamilyHandle cf = (ColumnFamilyHandle) h.invoke(fam);
    System.out.println(db.getProperty(cf, "rocksdb.levelstats"));
    measure("as left", box, db, owners);
    store.compact();
    System.out.println(db.getProperty(cf, "rocksdb.levelstats"));
    measure("after compaction", box, db, owners);
    box.close(); store.close();
  }

  static void measure(String what, Letterbox box, RocksDB db, Collection<Long> owners) {
    db.setPerfLevel(PerfLevel.ENABLE_COUNT);
    PerfContext pc = db.getPerfContext();
    for (int r = 0; r < 3; r++) for (long o : owners) box.conversations(o, null, 20);
    pc.reset();
    long items = 0;
    int n = 0;
    long t0 = System.nanoTime();
    for (int r = 0; r < 5; r++) for (long o : owners) { items += box.conversations(o, null, 20).items().size(); n++; }
    long t1 = System.nanoTime();
    System.out.printf("%-18s %d lists, %.1f items each: %.1f us per list, internal deletes skipped %.1f, keys skipped %.1f, memtable nexts %.1f%n",
        what, n, items / (double) n, (t1 - t0) / 1e3 / n, pc.getInternalDeleteSkippedCount() / (double) n,
        pc.getInternalKeySkippedCount() / (double) n, pc.getNextOnMemtableCount() / (double) n);
  }
}
