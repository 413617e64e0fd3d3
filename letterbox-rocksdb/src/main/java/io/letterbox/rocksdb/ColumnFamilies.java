package io.letterbox.rocksdb;

import io.letterbox.store.Space;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;

/** The column families of an open store: one per {@link Space}, plus RocksDB's unused default. */
final class ColumnFamilies implements AutoCloseable {
  /** A space, the column family that holds it, and the family's id (read once, while open). */
  record Family(Space space, ColumnFamilyHandle handle, int id) {}

  private final Map<String, Family> byName;
  private final List<ColumnFamilyHandle> all;

  /** @param handles as RocksDB opened them: the default family first, then one per space in order */
  ColumnFamilies(List<Space> spaces, List<ColumnFamilyHandle> handles) {
    this.all = List.copyOf(handles);
    Map<String, Family> families = new HashMap<>();
    for (int i = 0; i < spaces.size(); i++) {
      families.put(spaces.get(i).name(), new Family(spaces.get(i), handles.get(i + 1), handles.get(i + 1).getID()));
    }
    this.byName = Map.copyOf(families);
  }

  /** @throws IllegalArgumentException if the store was not opened with exactly this space */
  Family of(Space space) {
    Family family = byName.get(space.name());
    if (family == null) {
      throw new IllegalArgumentException("unknown space: " + space.name() + "; the store has " + byName.keySet());
    }
    if (!family.space().equals(space)) {
      throw new IllegalArgumentException("space " + space + " was opened as " + family.space());
    }
    return family;
  }

  /** @throws IllegalArgumentException as {@link #of}, or if the space does not hold counters */
  Family counters(Space space) {
    Family family = of(space);
    if (!space.counters()) {
      throw new IllegalArgumentException("space " + space.name() + " does not hold counters");
    }
    return family;
  }

  List<Family> families() {
    return List.copyOf(byName.values());
  }

  @Override
  public void close() {
    all.forEach(ColumnFamilyHandle::close);
  }
}
