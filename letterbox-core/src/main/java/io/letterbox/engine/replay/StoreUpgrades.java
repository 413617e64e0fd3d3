package io.letterbox.engine.replay;

import io.letterbox.blob.BlobReferences;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.ConversationRows;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.ActivityKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.model.Message;
import io.letterbox.rows.ConversationRow;
import io.letterbox.rows.ReadPosition;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;

/**
 * One-off passes that give a store written by an older Letterbox what today's appliers keep, each
 * once, recorded by a mark in the store (kept by {@code rebuild}, carried by {@code migrate}:
 * the target's indexes are derived by today's appliers).
 *
 * <p>Store formats are numbered; today's appliers write format 10, and each pass below brings a
 * store up one format:
 * <ol>
 *   <li>format 1, the first release's: incoming counters and read positions, no conversation rows;
 *   <li>format 2, {@link #indexConversations}: conversation rows (version 1) and the activity
 *       index (decision 0008);
 *   <li>format 3, {@link #foldConversationCounts}: the rows hold their counts, read positions and
 *       last message, and the counters and positions are gone;
 *   <li>format 4, {@link #gatherNewestBroadcasts}: the senders' newest broadcast ids kept together;
 *   <li>format 5, {@link #gatherPins}: pinned conversations in their own space;
 *   <li>format 6, {@link #referenceBlobs}: blobs know the messages that attach them (decision 0022);
 *   <li>format 7, {@link #keepEditIds}: an edited message's revision row lists its edits' log ids,
 *       by which a removal finds and redacts them (decision 0042);
 *   <li>format 8, {@link #nameImportEntries}: an imported message's content row names the log id
 *       of the import that carries it, by which a removal redacts it there (decision 0042);
 *   <li>format 9, {@link #vanishGroupPosts}: group posts removed for retention or a disappearing
 *       timer have vanished for every member (decision 0045), as they had read {@code removed};
 *   <li>format 10, {@link #foldDeliveryReceipts}: delivery receipts are in the senders' conversation
 *       rows (decision 0051), no longer in a space of their own.
 * </ol>
 * {@link #apply} folds counts before it indexes, so that a format-1 store's counters become rows
 * the index pass then completes; it names import entries first, since the other passes read
 * imported messages' content rows.
 */
final class StoreUpgrades {
  /** The mark of a store whose appliers keep conversation rows and the activity index. */
  private static final String CONVERSATION_INDEX_MARK = "conversation-index";
  /** The mark of a store whose conversation rows hold their incoming counts, positions and last message. */
  private static final String CONVERSATION_ROWS_MARK = "conversation-rows-2";
  /** The mark of a store whose senders' newest broadcast ids are kept together under owner 0. */
  private static final String NEWEST_BROADCASTS_MARK = "newest-broadcasts";
  /** The mark of a store whose pinned conversations are also kept in their own space. */
  private static final String PINNED_MARK = "pinned";
  /** The mark of a store whose blobs know the messages that attach them. */
  private static final String BLOB_REFERENCES_MARK = "blob-references";
  /** The mark of a store whose revision rows list their edits' log ids. */
  private static final String EDIT_IDS_MARK = "edit-ids";
  /** The mark of a store whose imported messages' content rows name the log id of their import. */
  private static final String IMPORT_ENTRIES_MARK = "import-entries";
  /** The mark of a store whose group posts removed for a reason that vanishes have vanished. */
  private static final String GROUP_VANISHED_MARK = "group-vanished";
  /** The mark of a store whose delivery receipts are in the senders' conversation rows. */
  private static final String DELIVERY_RECEIPTS_MARK = "delivery-receipts";
  private static final int BATCH = 10_000;

  private StoreUpgrades() {}

  /** Runs every pass the store has not had yet. */
  static void apply(KeyValueStore store, LetterboxConfig config) {
    nameImportEntries(store);
    foldConversationCounts(store, config);
    indexConversations(store, config);
    gatherNewestBroadcasts(store);
    gatherPins(store);
    referenceBlobs(store);
    keepEditIds(store);
    vanishGroupPosts(store, config);
    foldDeliveryReceipts(store);
  }

  /** Whether {@code key} (of the state space) is one of the marks. */
  static boolean isMark(byte[] key) {
    return StateKey.isMeta(key, CONVERSATION_INDEX_MARK) || StateKey.isMeta(key, CONVERSATION_ROWS_MARK)
        || StateKey.isMeta(key, NEWEST_BROADCASTS_MARK) || StateKey.isMeta(key, PINNED_MARK)
        || StateKey.isMeta(key, BLOB_REFERENCES_MARK) || StateKey.isMeta(key, EDIT_IDS_MARK)
        || StateKey.isMeta(key, IMPORT_ENTRIES_MARK) || StateKey.isMeta(key, GROUP_VANISHED_MARK)
        || StateKey.isMeta(key, DELIVERY_RECEIPTS_MARK);
  }

  /**
   * Format 3: gives a store written before conversation rows held their counts rows that do: each conversation's row takes its incoming counter, its devices' read positions and
   * its last message (its activity entry a copy), and the counters and positions are deleted.
   */
  static void foldConversationCounts(KeyValueStore store, LetterboxConfig config) {
    byte[] mark = StateKey.meta(CONVERSATION_ROWS_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    StateReader state = StateReader.uncached(store, config, io.letterbox.engine.apply.ActionCodec::message);
    if (state.largestLoggedId() > 0) {
      // Rows first; then conversations that have a counter or positions but no row (deleted ones,
      // broadcast senders read from).
      Pass rows = new Pass(store);
      store.scan(Spaces.CONVERSATIONS, new KeyRange(new byte[0], null), false, (k, v) -> {
        if (ConversationRow.isVersion1(v)) {
          rows.fold(state, PairKey.ownerOf(k), PairKey.peer(k));
        }
        return true;
      });
      rows.end();
      Pass counters = new Pass(store);
      store.scan(Spaces.INCOMING, new KeyRange(new byte[0], null), false, (k, v) -> {
        counters.foldIfNoRow(state, PairKey.ownerOf(k), PairKey.peer(k));
        counters.batch.delete(Spaces.INCOMING, k);
        return true;
      });
      counters.end();
      Pass positions = new Pass(store);
      store.scan(Spaces.STATE, new KeyRange(new byte[0], null), false, (k, v) -> {
        if (StateKey.isReadPosition(k)) {
          positions.foldIfNoRow(state, StateKey.owner(k), StateKey.readPositionPeer(k));
          positions.batch.delete(Spaces.STATE, k);
        }
        return true;
      });
      positions.end();
    }
    store.write(store.newBatch().put(Spaces.STATE, mark, Bytes.ofLong(1))).join();
  }

  /**
   * Format 4: moves the senders' newest broadcast ids (each under its sender, {@code sender 'b'}) to where they are read together ({@code 0 'B' sender}).
   */
  static void gatherNewestBroadcasts(KeyValueStore store) {
    byte[] mark = StateKey.meta(NEWEST_BROADCASTS_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    Pass pass = new Pass(store);
    store.scan(Spaces.STATE, new KeyRange(new byte[0], null), false, (k, v) -> {
      if (StateKey.isLatestBroadcast(k)) {
        byte[] moved = StateKey.newestBroadcast(StateKey.owner(k));
        byte[] there = store.get(Spaces.STATE, moved);
        if (there == null || Bytes.getLong(there, 0) < Bytes.getLong(v, 0)) {
          pass.batch.put(Spaces.STATE, moved, v);
        }
        pass.batch.delete(Spaces.STATE, k);
        pass.endIfFull();
      }
      return true;
    });
    pass.batch.put(Spaces.STATE, mark, Bytes.ofLong(1));
    pass.end();
  }

  /**
   * Format 5: gives a store its pins apart from the rows ({@link Spaces#PINNED}):
   * one pass over the rows; after the passes above, which keep pins as they are.
   */
  static void gatherPins(KeyValueStore store) {
    byte[] mark = StateKey.meta(PINNED_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    Pass pass = new Pass(store);
    store.scan(Spaces.CONVERSATIONS, new KeyRange(new byte[0], null), false, (k, v) -> {
      if (ConversationRow.decode(v).pinned()) {
        ConversationRows.pin(pass.batch, PairKey.ownerOf(k), PairKey.peer(k), true);
        pass.endIfFull();
      }
      return true;
    });
    pass.batch.put(Spaces.STATE, mark, Bytes.ofLong(1));
    pass.end();
  }

  /**
   * Format 6: gives a store from before blobs were private its blob references ({@link Spaces#BLOB_REFS},
   * decision 0022): one pass over the log, each message that attaches blobs referring to them.
   * Blobs those messages attach stay readable by the messages' readers.
   */
  static void referenceBlobs(KeyValueStore store) {
    byte[] mark = StateKey.meta(BLOB_REFERENCES_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    Pass pass = new Pass(store);
    store.scan(Spaces.LOG, new KeyRange(new byte[0], null), false, (k, v) -> {
      Message m = ActionCodec.message(v);
      if (m != null && !m.extras().attachments().isEmpty()) {
        BlobReferences.put(pass.batch, m.id(), m.extras());
        pass.endIfFull();
      }
      return true;
    });
    pass.batch.put(Spaces.STATE, mark, Bytes.ofLong(1));
    pass.end();
  }

  /**
   * Format 7: gives the revision rows of edited messages, written before they kept them, their
   * edits' log ids (decision 0042): one pass over the log gathering each message's edits in log
   * order, then each such row rewritten with them.
   */
  static void keepEditIds(KeyValueStore store) {
    byte[] mark = StateKey.meta(EDIT_IDS_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    java.util.Map<Long, java.util.List<Long>> edits = new java.util.TreeMap<>();
    store.scan(Spaces.LOG, new KeyRange(new byte[0], null), false, (k, v) -> {
      if (v.length > 0 && v[0] == io.letterbox.engine.apply.MessageRevised.TAG
          && ActionCodec.decode(v) instanceof io.letterbox.engine.apply.MessageRevised r && !r.recall()) {
        edits.computeIfAbsent(r.messageId(), id -> new java.util.ArrayList<>()).add(io.letterbox.keys.LogKey.id(k));
      }
      return true;
    });
    Pass pass = new Pass(store);
    edits.forEach((messageId, ids) -> {
      byte[] key = io.letterbox.keys.LogKey.of(messageId);
      io.letterbox.rows.RevisionRow row = io.letterbox.rows.RevisionRow.decode(store.get(Spaces.REVISIONS, key));
      if (row != null && row.edits().isEmpty() && row.editedAt() != 0) {
        pass.batch.put(Spaces.REVISIONS, key, new io.letterbox.rows.RevisionRow(row.recalledAt(), row.editedAt(),
            row.text(), row.removedAt(), ids).encode());
        pass.endIfFull();
      }
    });
    pass.batch.put(Spaces.STATE, mark, Bytes.ofLong(1));
    pass.end();
  }

  /**
   * Format 8: rewrites every imported message's content row from the {@code Imported} entry that
   * carries it, naming that entry's log id (one pass over the log).
   */
  static void nameImportEntries(KeyValueStore store) {
    byte[] mark = StateKey.meta(IMPORT_ENTRIES_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    Pass pass = new Pass(store);
    store.scan(Spaces.LOG, new KeyRange(new byte[0], null), false, (k, v) -> {
      // Before this format no import was redacted, so every import is under its first tag.
      if (v.length > 0 && v[0] == io.letterbox.engine.apply.Imported.TAG
          && ActionCodec.decode(v) instanceof io.letterbox.engine.apply.Imported imported) {
        long logId = io.letterbox.keys.LogKey.id(k);
        for (io.letterbox.engine.apply.Imported.Entry e : imported.messages()) {
          pass.batch.put(Spaces.IMPORTED, io.letterbox.keys.LogKey.of(e.id()),
              io.letterbox.rows.ImportedRow.encode(logId, e.from(), e.to(), e.removed() != null, e.text()));
        }
        pass.endIfFull();
      }
      return true;
    });
    pass.batch.put(Spaces.STATE, mark, Bytes.ofLong(1));
    pass.end();
  }

  /**
   * Format 9: the group posts removed for a reason that vanishes (decision 0045) vanish as today's
   * appliers make them (one pass over the log gathering them by group): their timeline rows go,
   * their sequence numbers join the group's vanished ones, and the header's newest message is the
   * newest still posted.
   */
  static void vanishGroupPosts(KeyValueStore store, LetterboxConfig config) {
    byte[] mark = StateKey.meta(GROUP_VANISHED_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    java.util.Map<Long, java.util.List<Long>> byGroup = new java.util.TreeMap<>();
    store.scan(Spaces.LOG, new KeyRange(new byte[0], null), false, (k, v) -> {
      if (v.length > 0 && v[0] == io.letterbox.engine.apply.ContentRemoved.TAG
          && ActionCodec.decode(v) instanceof io.letterbox.engine.apply.ContentRemoved r
          && r.kind() == Message.Kind.GROUP && r.reason().vanishes()) {
        byGroup.computeIfAbsent(r.to(), gid -> new java.util.ArrayList<>()).add(r.messageId());
      }
      return true;
    });
    io.letterbox.engine.read.GroupState groups =
        StateReader.uncached(store, config, io.letterbox.engine.apply.ActionCodec::message).groups();
    Pass pass = new Pass(store);
    byGroup.forEach((gid, ids) -> {
      io.letterbox.engine.apply.GroupVanishing.vanish(groups, pass.batch, gid, new java.util.HashSet<>(ids));
      pass.endIfFull();
    });
    pass.batch.put(Spaces.STATE, mark, Bytes.ofLong(1));
    pass.end();
  }

  /**
   * Format 10: folds each delivery receipt of {@link Spaces#DELIVERED} into the sender's
   * conversation row and its activity entry, as {@code DeliveryMarked} now keeps it (decision 0051),
   * and deletes it: one pass over the receipts. The stored row has no text; the entry's copy has it,
   * so the entry is rewritten from itself. A receipt of a conversation with no last message goes, as
   * the applier drops it.
   */
  static void foldDeliveryReceipts(KeyValueStore store) {
    byte[] mark = StateKey.meta(DELIVERY_RECEIPTS_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    Pass pass = new Pass(store);
    store.scan(Spaces.DELIVERED, new KeyRange(new byte[0], null), false, (k, v) -> {
      long sender = PairKey.ownerOf(k);
      long receiver = PairKey.peer(k);
      long upTo = Bytes.getLong(v, 0);
      ConversationRow old = ConversationRow.decode(store.get(Spaces.CONVERSATIONS, k));
      byte[] entry = old.lastId() > 0 && old.peerDeliveredUpTo() < upTo
          ? store.get(Spaces.ACTIVITY, ActivityKey.of(sender, old.folder(), old.pinned(), old.lastId(), receiver))
          : null;
      if (entry != null) {
        // Its place and the requests folder's counters stay as they are: only the receipt changes.
        ConversationRows.replace(pass.batch, sender, receiver, old, ConversationRow.decode(entry).withPeerDeliveredUpTo(upTo));
      }
      pass.batch.delete(Spaces.DELIVERED, k);
      pass.endIfFull();
      return true;
    });
    pass.batch.put(Spaces.STATE, mark, Bytes.ofLong(1));
    pass.end();
  }

  /** Writes a pass's mutations in batches; a conversation is folded once even if seen several times. */
  private static final class Pass {
    private final KeyValueStore store;
    private WriteBatch batch;
    private long lastOwner = -1;
    private long lastPeer = -1;

    Pass(KeyValueStore store) {
      this.store = store;
      this.batch = store.newBatch();
    }

    void foldIfNoRow(StateReader state, long owner, long peer) {
      if ((owner != lastOwner || peer != lastPeer) && store.get(Spaces.CONVERSATIONS, PairKey.of(owner, peer)) == null) {
        fold(state, owner, peer);
      }
    }

    /** The row of the conversation as it was, with the counter and positions of the old layout. */
    void fold(StateReader state, long owner, long peer) {
      lastOwner = owner;
      lastPeer = peer;
      byte[] stored = store.get(Spaces.CONVERSATIONS, PairKey.of(owner, peer));
      ConversationRow old = ConversationRow.decode(stored);
      ConversationRow row = old.withIncoming(store.counter(Spaces.INCOMING, PairKey.of(owner, peer)));
      for (String device : state.config().devices()) {
        byte[] p = store.get(Spaces.STATE, StateKey.readPosition(owner, peer, device));
        if (p != null) {
          row = row.withPosition(device, ReadPosition.decode(p));
        }
      }
      if (row.lastId() > 0) {
        Message m = state.message(row.lastId());
        row = m == null ? row.withLast(row.lastId(), 0, "") : row.withLast(m);
      }
      // Its place and the requests folder's counters stay as they are: only the values change.
      ConversationRows.replace(batch, owner, peer, old, row);
      endIfFull();
    }

    /** Writes the batch once it holds {@link #BATCH} mutations or more. */
    void endIfFull() {
      if (batch.size() >= BATCH) {
        end();
      }
    }

    void end() {
      store.write(batch).join();
      batch = store.newBatch();
    }
  }

  /**
   * Format 2: gives a store written before conversation rows (decision 0008) its rows and
   * activity index, once: each conversation's newest visible one-to-one message, found from its
   * timeline rows.
   * Later, the appliers keep them (and {@code rebuild} and {@code migrate} derive them).
   */
  static void indexConversations(KeyValueStore store, LetterboxConfig config) {
    byte[] mark = StateKey.meta(CONVERSATION_INDEX_MARK);
    if (store.get(Spaces.STATE, mark) != null) {
      return;
    }
    StateReader state = StateReader.uncached(store, config, io.letterbox.engine.apply.ActionCodec::message);
    if (state.largestLoggedId() > 0) {
      Pass pass = new Pass(store);
      long[] pair = {0, 0};
      boolean[] any = {false};
      store.scan(Spaces.CONVERSATION, new KeyRange(new byte[0], null), false, (k, v) -> {
        long owner = TimelineKey.owner(k);
        long peer = TimelineKey.peer(k);
        if (any[0] && (owner != pair[0] || peer != pair[1])) {
          indexConversation(state, pass.batch, pair[0], pair[1]);
        }
        any[0] = true;
        pair[0] = owner;
        pair[1] = peer;
        pass.endIfFull();
        return true;
      });
      if (any[0]) {
        indexConversation(state, pass.batch, pair[0], pair[1]);
      }
      pass.end();
    }
    store.write(store.newBatch().put(Spaces.STATE, mark, Bytes.ofLong(1))).join();
  }

  /** Sets the conversation's row to its newest visible message (a log replayed just before may have set it). */
  private static void indexConversation(StateReader state, WriteBatch batch, long owner, long peer) {
    long last = state.conversations().lastVisibleBelow(owner, peer, Long.MAX_VALUE);
    ConversationRow row = state.conversations().conversationRow(owner, peer);
    if (row.lastId() == last) {
      return;
    }
    Message m = last == 0 ? null : state.message(last);
    ConversationRows.write(state, batch, owner, peer, row,
        row.withLast(m));
  }
}
