package io.letterbox.rocksdb;

import io.letterbox.store.Space;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;

/**
 * The column families of a store: one per {@link Space}, plus RocksDB's unused default. The
 * object lives as long as the store; its handles are replaced when the store reopens its database
 * ({@link #reopened}), and a family's id, which batches are encoded with, stays the same.
 */
final class ColumnFamilies implements AutoCloseable {
  /** A space, the column family that holds it, and the family's id (read once, while open). */
  record Family(Space space, ColumnFamilyHandle handle, int id) {}

  private final List<Space> spaces;
  private volatile Map<String, Family> byName;
  private volatile List<ColumnFamilyHandle> all;

  /** @param handles as RocksDB opened them: the default family first, then one per space in order */
  ColumnFamilies(List<Space> spaces, List<ColumnFamilyHandle> handles) {
    this.spaces = List.copyOf(spaces);
    install(handles);
  }

  /**
   * The database was opened again: its new handles, in the order of the constructor's. The caller
   * holds the store's lock, so no call uses the old handles, which it closed.
   *
   * @throws IllegalStateException if a family's id changed, which RocksDB never does
   */
  void reopened(List<ColumnFamilyHandle> handles) {
    Map<String, Family> before = byName;
    install(handles);
    byName.forEach((name, family) -> {
      if (family.id() != before.get(name).id()) {
        throw new IllegalStateException("column family " + name + " changed its id on reopening");
      }
    });
  }

  private void install(List<ColumnFamilyHandle> handles) {
    Map<String, Family> families = new HashMap<>();
    for (int i = 0; i < spaces.size(); i++) {
      families.put(spaces.get(i).name(), new Family(spaces.get(i), handles.get(i + 1), handles.get(i + 1).getID()));
    }
    this.all = List.copyOf(handles);
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

  /** RocksDB's default column family, which holds no space: the store's own marks. */
  ColumnFamilyHandle defaultFamily() {
    return all.get(0);
  }

  List<Family> families() {
    return List.copyOf(byName.values());
  }

  /** Closes the current handles (before the database is closed). */
  @Override
  public void close() {
    all.forEach(ColumnFamilyHandle::close);
  }
}
