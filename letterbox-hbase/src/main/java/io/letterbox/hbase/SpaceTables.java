package io.letterbox.hbase;

import io.letterbox.store.Space;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The tables of an open store, one per {@link Space}, found by the space's name. */
final class SpaceTables {
  private final Map<String, SpaceTable> byName;

  SpaceTables(List<SpaceTable> tables) {
    this.byName = tables.stream().collect(Collectors.toUnmodifiableMap(t -> t.space().name(), Function.identity()));
  }

  /** @throws IllegalArgumentException if the store was not opened with exactly this space */
  SpaceTable of(Space space) {
    SpaceTable table = byName.get(space.name());
    if (table == null) {
      throw new IllegalArgumentException("unknown space: " + space.name() + "; the store has " + byName.keySet());
    }
    if (!table.space().equals(space)) {
      throw new IllegalArgumentException("space " + space + " was opened as " + table.space());
    }
    return table;
  }

  /** @throws IllegalArgumentException as {@link #of}, or if the space does not hold counters */
  SpaceTable counters(Space space) {
    SpaceTable table = of(space);
    if (!space.counters()) {
      throw new IllegalArgumentException("space " + space.name() + " does not hold counters");
    }
    return table;
  }

  Collection<SpaceTable> all() {
    return byName.values();
  }
}
