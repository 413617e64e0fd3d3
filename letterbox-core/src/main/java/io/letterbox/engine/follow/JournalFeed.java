package io.letterbox.engine.follow;

import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.feed.FeedReader;
import io.letterbox.engine.partition.PartitionRecords;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.id.Ids;
import io.letterbox.keys.FeedKey;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Event;
import io.letterbox.rows.FeedRow;
import io.letterbox.rows.JournalEntry;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A partition's feed events as its journal gives them (decision 0040): for each entry, the feed
 * rows its batch wrote (looked up for each owner its actions name, {@link FeedOwners}, at the
 * entry's day and seq, in the order of their ordinals), then what its actions carry once. The
 * same events live and after a restart: the store is the only source.
 */
public final class JournalFeed {
  /** Entries read at a time. */
  private static final int ENTRIES_PER_READ = 256;
  /** First ordinal given to what an entry carries once: above every feed row's. */
  private static final int ONCE_ORDINALS = 1 << 24;

  private final StoreReads store;
  private final Partitioning partitioning;
  private final FeedReader feed;

  public JournalFeed(StoreReads store, Partitioning partitioning, FeedReader feed) {
    this.store = store;
    this.partitioning = partitioning;
    this.feed = feed;
  }

  /**
   * A batch, and what reading it found besides: entries past the feed's retention, skipped, and
   * how many of the feed rows it covers belong to entries after the {@code countFrom} it was given.
   */
  public record Read(FeedBatch batch, long skippedEntries, long rowsCounted) {}

  /**
   * The events of partition {@code p} after {@code after}, up to entry {@code servable}, at most
   * {@code max} (an entry's events may be split over batches).
   */
  public Read read(int p, FeedMark after, long servable, int max, long countFrom) {
    List<FeedEvent> out = new ArrayList<>();
    long from = after.lastWhole();
    FeedMark at = after;
    long time = 0;
    long skipped = 0;
    long counted = 0;
    int oldestDay = feed.oldestDay();
    while (from < servable && out.size() < max) {
      List<PartitionRecords.Entry> entries =
          PartitionRecords.entriesAfter(store, p, from, (int) Math.min(ENTRIES_PER_READ, servable - from));
      if (entries.isEmpty()) {
        break;
      }
      for (PartitionRecords.Entry e : entries) {
        JournalEntry entry = e.entry();
        if (entry.day() != 0 && entry.day() < oldestDay) {
          skipped++;
        } else if (entry.day() != 0) {
          List<Item> items = items(p, e.seq(), entry);
          int skip = e.seq() == after.seq() && after.index() != Integer.MAX_VALUE ? after.index() : 0;
          for (int i = skip; i < items.size(); i++) {
            if (out.size() == max) {
              return new Read(new FeedBatch(p, after, new FeedMark(e.seq(), i), out, time), skipped, counted);
            }
            if (e.seq() > countFrom && items.get(i).row() != null) {
              counted++;
            }
            Event event = items.get(i).render(feed, entry.day(), e.seq());
            if (event != null) {
              out.add(new FeedEvent(items.get(i).owner(), event, new FeedMark(e.seq(), i + 1)));
            }
          }
          time = Math.max(time, newest(entry));
        }
        at = FeedMark.after(e.seq());
        from = e.seq();
      }
    }
    return new Read(new FeedBatch(p, after, at, out, time), skipped, counted);
  }

  /** One event of an entry: a feed row of {@code owner}'s, or what an action carries once. */
  private record Item(long owner, int ordinal, FeedRow row, FeedOwners.Once once, long id) {
    Event render(FeedReader feed, int day, long seq) {
      if (row != null) {
        return feed.event(owner, day, seq, ordinal, row);
      }
      return switch (once) {
        case BROADCAST, GROUP_POST -> feed.messageEvent(owner, day, seq, ordinal, id);
        case BROADCAST_COMPLETED -> feed.broadcastCompleted(owner, day, seq, ordinal, id);
      };
    }
  }

  /** Entry {@code seq}'s events, in order. */
  private List<Item> items(int p, long seq, JournalEntry entry) {
    long[] applied = entry.applied();
    if (applied.length == 0) {
      return List.of();
    }
    List<byte[]> keys = new ArrayList<>(applied.length);
    for (long id : applied) {
      keys.add(LogKey.of(Math.abs(id)));
    }
    List<byte[]> values = store.multiGet(Spaces.LOG, keys);
    Set<Long> owners = new LinkedHashSet<>();
    List<Item> once = new ArrayList<>();
    for (int i = 0; i < applied.length; i++) {
      if (values.get(i) == null) {
        continue;
      }
      boolean home = !JournalEntry.isDelivery(applied[i]);
      Action action = ActionCodec.decode(values.get(i));
      FeedOwners.DERIVATION.derive(new FeedOwners.Into() {
        @Override
        public void owner(long uid) {
          if (partitioning.of(uid) == p) {
            owners.add(uid);
          }
        }

        @Override
        public void once(FeedOwners.Once kind, long owner, long id) {
          if (home) {
            once.add(new Item(owner, ONCE_ORDINALS + 2 * once.size(), null, kind, id));
          }
        }
      }, action);
    }
    List<Item> items = new ArrayList<>();
    for (long owner : owners) {
      store.scan(Spaces.FEED, FeedKey.at(entry.day(), owner, seq), false, (k, v) -> {
        items.add(new Item(owner, FeedKey.ordinal(k), FeedRow.decode(v), null, 0));
        return true;
      });
    }
    items.sort(Comparator.comparingInt(Item::ordinal));
    for (Item o : once) {
      items.add(o);
      if (o.once() == FeedOwners.Once.BROADCAST && feed.completedAt(o.owner(), o.id()) == Ids.epochMillis(o.id())) {
        // A broadcast with no fan-out completes as it is accepted: no completion is logged for it.
        items.add(new Item(o.owner(), o.ordinal() + 1, null, FeedOwners.Once.BROADCAST_COMPLETED, o.id()));
      }
    }
    return items;
  }

  /** The time of the newest action {@code entry} applied. */
  private static long newest(JournalEntry entry) {
    long newest = 0;
    for (long id : entry.applied()) {
      newest = Math.max(newest, Ids.epochMillis(Math.abs(id)));
    }
    return newest;
  }
}
