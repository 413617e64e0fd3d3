import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.model.SendRequest;
import io.letterbox.rocksdb.RocksStore;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import org.rocksdb.*;

/** How many deleted entries a first list page steps over, after conversations moved, before and after compaction. */
public class Tomb {
  public static void main(String[] a) throws Exception {
    int peers = Integer.parseInt(a[0]), moves = Integer.parseInt(a[1]);
    Path dir = Files.createTempDirectory("tomb");
    RocksStore store = RocksStore.open(dir, Letterbox.SPACES);
    Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build());
    long owner = 1;
    Random r = new Random(1);
    List<CompletableFuture<?>> fs = new ArrayList<>();
    for (int i = 0; i < peers; i++) fs.add(box.send(new SendRequest(1000 + i, owner, "hello " + i, null)));
    for (CompletableFuture<?> f : fs) f.join();
    fs.clear();
    for (int i = 0; i < moves; i++) {
      fs.add(box.send(new SendRequest(1000 + r.nextInt(peers), owner, "again " + i, null)));
      if (fs.size() >= 500) { for (CompletableFuture<?> f : fs) f.join(); fs.clear(); }
    }
    for (CompletableFuture<?> f : fs) f.join();
    java.lang.reflect.Field fd = RocksStore.class.getDeclaredField("db");
    fd.setAccessible(true);
    measure("after moves", box, (RocksDB) fd.get(store), owner);
    store.compact();
    measure("after compaction", box, (RocksDB) fd.get(store), owner);
    box.close(); store.close();
  }

  static void measure(String what, Letterbox box, RocksDB db, long owner) {
    db.setPerfLevel(PerfLevel.ENABLE_COUNT);
    PerfContext pc = db.getPerfContext();
    for (int i = 0; i < 2000; i++) box.conversations(owner, null, 20);  // warm
    pc.reset();
    int n = 5000;
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) box.conversations(owner, null, 20);
    long t1 = System.nanoTime();
    System.out.printf("%-18s per list: %.1f us, internal deletes skipped %.1f, keys skipped %.1f, next calls %.1f%n", what,
        (t1 - t0) / 1e3 / n, pc.getInternalDeleteSkippedCount() / (double) n, pc.getInternalKeySkippedCount() / (double) n,
        pc.getNextOnMemtableCount() / (double) n);
  }
}
