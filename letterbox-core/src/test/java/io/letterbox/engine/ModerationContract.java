package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.keys.Spaces;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.Report;
import io.letterbox.store.KeyRange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Users' reports of messages they can see, paged by the platform's moderators, and the takedown
 * of a message (decision 0042), on every backend.
 */
public abstract class ModerationContract extends EngineFixture {

  private List<Report> allReports(int pageSize) {
    List<Report> all = new ArrayList<>();
    String cursor = null;
    do {
      Page<Report> page = box.moderation().reports(cursor, pageSize);
      all.addAll(page.items());
      cursor = page.next();
    } while (cursor != null);
    return all;
  }

  private long reportRows() {
    long[] n = {0};
    store.scan(Spaces.REPORTS, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  @Test
  void usersReportOneToOneGroupAndBroadcastMessagesTheySeeAndModeratorsPageThemOldestFirst() {
    Message single = send(ALICE, BOB, "buy cheap followers");
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    Message post = box.groups().post(new GroupPost(gid, CAROL, "a rude post", List.of(), null, Extras.TEXT)).join().message();
    Broadcast broadcast = done(box.broadcasts().send(new BroadcastRequest(NEWS, "click this link",
        new Audience.Uids(new long[] {BOB}), BroadcastRequest.Priority.NORMAL, null)).join());

    long first = box.moderation().report(BOB, single.id(), Report.Reason.SPAM, "third time today").join();
    long second = box.moderation().report(BOB, post.id(), Report.Reason.ABUSE, null).join();
    long third = box.moderation().report(BOB, broadcast.id(), Report.Reason.OTHER, "").join();

    for (int restart = 0; restart < 2; restart++) {
      List<Report> reports = allReports(2);
      assertThat(reports).extracting(Report::id).containsExactly(first, second, third);
      assertThat(reports).extracting(Report::by).containsOnly(BOB);
      assertThat(reports).extracting(r -> r.message().id()).containsExactly(single.id(), post.id(), broadcast.id());
      assertThat(reports).extracting(r -> r.message().text())
          .containsExactly("buy cheap followers", "a rude post", "click this link");
      assertThat(reports).extracting(Report::reason)
          .containsExactly(Report.Reason.SPAM, Report.Reason.ABUSE, Report.Reason.OTHER);
      assertThat(reports).extracting(Report::note).containsExactly("third time today", null, null);
      assertThat(reports).extracting(Report::createdAt).containsOnly(clock.millis());
      reopen(config());
    }
  }

  @Test
  void aReportOfAMessageTheUserCannotSeeOrWithoutAReasonIsRefusedAndStoresNothing() {
    Message m = send(ALICE, BOB, "between us");
    box.messages().delete(BOB, m.id()).join();

    assertThat(refusal(() -> box.moderation().report(CAROL, m.id(), Report.Reason.SPAM, null).join()))
        .as("a stranger").isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.moderation().report(BOB, m.id(), Report.Reason.SPAM, null).join()))
        .as("deleted from the reporter's view").isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.moderation().report(ALICE, m.id() + 1, Report.Reason.SPAM, null).join()))
        .as("no such message").isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.moderation().report(ALICE, m.id(), null, null).join()))
        .as("no reason").isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.moderation().report(ALICE, m.id(), Report.Reason.ABUSE, "x".repeat(1_001)).join()))
        .as("a note too long").isEqualTo(ErrorCode.INVALID_ARGUMENT);

    assertThat(reportRows()).isZero();
    assertThat(box.moderation().reports(null, 10).items()).isEmpty();
    assertThat(box.moderation().reports(null, 10).next()).isNull();
  }

  @Test
  void aCursorIsBoundToTheReportsList() {
    Message m = send(ALICE, BOB, "hi");
    box.moderation().report(BOB, m.id(), Report.Reason.SPAM, null).join();
    box.moderation().report(ALICE, m.id(), Report.Reason.SPAM, null).join();
    String next = box.moderation().reports(null, 1).next();
    assertThat(next).isNotNull();

    String history = box.conversations().history(ALICE, io.letterbox.model.ConversationRef.peer(BOB), null, 1).next();
    assertThat(refusal(() -> box.moderation().reports(history == null ? "bm90LWEtY3Vyc29y" : history, 1)))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.moderation().reports(null, 0))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  // --- takedown ---

  private static void assertRemoved(Message m, long id) {
    RemovalChecks.assertRemoved(m, id);
  }

  private String position(long owner) {
    return box.events().sync(owner, null, 10).next();
  }

  private List<Long> removedEvents(long owner, String since) {
    return box.events().sync(owner, since, 100).events().stream()
        .filter(io.letterbox.model.Event.Removed.class::isInstance)
        .map(e -> ((io.letterbox.model.Event.Removed) e).id()).toList();
  }

  @Test
  void aTakenDownOneToOneMessageReadsRemovedForBothPartiesAtAnyAgeAndNoSpaceHoldsItsTextsAnyMore() {
    Message m = box.messages().send(new io.letterbox.model.SendRequest(ALICE, BOB, "zqxoriginal offer", null,
        new Extras("custom:offer", "{\"zqxpayload\":1}", List.of()))).join().message();
    Message plain = send(ALICE, BOB, "zqxplain spam");
    box.messages().edit(ALICE, plain.id(), "zqxedited spam").join();
    awaitIndexed(BOB, "zqxedited", plain.id());
    awaitIndexed(ALICE, "zqxoriginal", m.id());
    // Past the revision horizon, read (so cached as settled) on both sides.
    clock.advance(java.time.Duration.ofDays(3));
    assertThat(box.messages().find(BOB, plain.id()).orElseThrow().text()).isEqualTo("zqxedited spam");
    assertThat(box.conversations().list(BOB, null, 10).items().get(0).lastMessage().text()).isEqualTo("zqxedited spam");
    long unread = box.conversations().unread(BOB, "pc").total();
    String aliceAt = position(ALICE);
    String bobAt = position(BOB);

    Message removed = box.moderation().takeDown(plain.id(), "spam campaign").join();
    Message other = box.moderation().takeDown(m.id(), null).join();

    assertRemoved(removed, plain.id());
    assertRemoved(other, m.id());
    assertThat(box.moderation().takeDown(plain.id(), "again").join()).as("taking down twice").isEqualTo(removed);
    for (int restart = 0; restart < 2; restart++) {
      for (long owner : new long[] {ALICE, BOB}) {
        long peer = owner == ALICE ? BOB : ALICE;
        assertRemoved(box.messages().find(owner, plain.id()).orElseThrow(), plain.id());
        assertRemoved(box.messages().find(owner, m.id()).orElseThrow(), m.id());
        assertThat(box.conversations().history(owner, io.letterbox.model.ConversationRef.peer(peer), null, 10).items())
            .allSatisfy(h -> assertThat(h.status()).isEqualTo(Message.Status.REMOVED)).hasSize(2);
        assertRemoved(box.conversations().list(owner, null, 10).items().get(0).lastMessage(), plain.id());
        assertThat(foundIds(owner, "zqxedited")).isEmpty();
        assertThat(foundIds(owner, "spam")).isEmpty();
        assertThat(foundIds(owner, "zqxoriginal")).isEmpty();
      }
      assertThat(removedEvents(ALICE, aliceAt)).containsExactly(plain.id(), m.id());
      assertThat(removedEvents(BOB, bobAt)).containsExactly(plain.id(), m.id());
      assertThat(box.conversations().unread(BOB, "pc").total()).as("unread stays exact").isEqualTo(unread);
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a removed text").isEmpty();
      reopen(config());
    }
  }

  @Test
  void aTakenDownGroupPostAndBroadcastReadRemovedForEveryMemberAndReceiver() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB, DAVE}, false).join().group().id();
    Message post = box.groups().post(new GroupPost(gid, CAROL, "zqxpost rude", List.of(), null, Extras.TEXT)).join().message();
    box.messages().edit(CAROL, post.id(), "zqxrevised rude").join();
    Broadcast broadcast = done(box.broadcasts().send(new BroadcastRequest(NEWS, "zqxbroadcast scam",
        new Audience.Uids(new long[] {BOB, DAVE}), BroadcastRequest.Priority.NORMAL, null)).join());
    awaitIndexed(BOB, "zqxrevised", post.id());
    awaitIndexed(DAVE, "zqxbroadcast", broadcast.id());
    assertThat(box.messages().find(DAVE, broadcast.id()).orElseThrow().text()).isEqualTo("zqxbroadcast scam");
    // Past the delay after which a broadcast is visible to sync: the position has given it.
    clock.advance(java.time.Duration.ofMinutes(1));
    String senderAt = position(CAROL);
    String receiverAt = position(DAVE);

    assertRemoved(box.moderation().takeDown(post.id(), "abuse").join(), post.id());
    assertRemoved(box.moderation().takeDown(broadcast.id(), "scam").join(), broadcast.id());

    for (int restart = 0; restart < 2; restart++) {
      for (long member : new long[] {CAROL, BOB, DAVE}) {
        assertRemoved(box.messages().find(member, post.id()).orElseThrow(), post.id());
        assertRemoved(box.conversations().history(member, io.letterbox.model.ConversationRef.group(gid), null, 10)
            .items().get(0), post.id());
        assertThat(foundIds(member, "zqxrevised")).isEmpty();
        assertThat(foundIds(member, "rude")).isEmpty();
      }
      for (long receiver : new long[] {BOB, DAVE}) {
        assertRemoved(box.messages().find(receiver, broadcast.id()).orElseThrow(), broadcast.id());
        assertThat(foundIds(receiver, "zqxbroadcast")).isEmpty();
      }
      assertThat(removedEvents(CAROL, senderAt)).contains(post.id());
      if (restart == 0) {
        assertThat(removedEvents(DAVE, receiverAt)).as("a broadcast's receiver").containsExactly(broadcast.id());
      }
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a removed text").isEmpty();
      reopen(config());
    }
  }

  @Test
  void aTakenDownImportedMessageReadsRemovedForBothPartiesAndOnlyItsTextLeavesTheImport() {
    java.time.Instant then = java.time.Instant.parse("2019-05-01T08:00:00Z");
    List<Long> ids = box.messages().importHistory(List.of(
        new io.letterbox.model.ImportedMessage(ALICE, BOB, "kept history", then),
        new io.letterbox.model.ImportedMessage(BOB, ALICE, "zqximported insult", then.plusSeconds(60)))).join();
    long kept = ids.get(0);
    long gone = ids.get(1);
    awaitIndexed(ALICE, "zqximported", gone);
    awaitIndexed(ALICE, "kept", kept);

    assertRemoved(box.moderation().takeDown(gone, "abuse").join(), gone);

    for (int restart = 0; restart < 2; restart++) {
      for (long owner : new long[] {ALICE, BOB}) {
        assertRemoved(box.messages().find(owner, gone).orElseThrow(), gone);
        assertRemoved(box.conversations().list(owner, null, 10).items().get(0).lastMessage(), gone);
        assertThat(box.messages().find(owner, kept).orElseThrow().text()).isEqualTo("kept history");
        assertThat(foundIds(owner, "zqximported")).isEmpty();
        assertThat(foundIds(owner, "insult")).isEmpty();
        assertThat(foundIds(owner, "kept")).containsExactly(kept);
      }
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a removed text").isEmpty();
      reopen(config());
    }
  }

  @Test
  void anImportOfAStoreFromBeforeContentRowsNamedTheirImportIsFoundByTheUpgradeAndRemovedToo() {
    java.time.Instant then = java.time.Instant.parse("2019-05-01T08:00:00Z");
    long id = box.messages().importHistory(List.of(
        new io.letterbox.model.ImportedMessage(ALICE, BOB, "zqxold import", then))).join().get(0);
    box.close();
    // The store as format 7 left it: the content row from(8) to(8) text, no mark.
    byte[] key = io.letterbox.keys.LogKey.of(id);
    byte[] text = "zqxold import".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] old = java.nio.ByteBuffer.allocate(16 + text.length).putLong(ALICE).putLong(BOB).put(text).array();
    store.write(store.newBatch().put(Spaces.IMPORTED, key, old)
        .delete(Spaces.STATE, io.letterbox.keys.StateKey.meta("import-entries"))).join();

    box = Letterbox.open(store, config().build());

    assertThat(box.messages().find(BOB, id).orElseThrow().text()).isEqualTo("zqxold import");
    assertRemoved(box.moderation().takeDown(id, null).join(), id);
    assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a removed text").isEmpty();
  }

  @Test
  void aTakedownOfNoMessageIsNotFound() {
    Message m = send(ALICE, BOB, "hi");
    assertThat(refusal(() -> box.moderation().takeDown(m.id() + 1, null).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.moderation().takeDown(m.id(), "x".repeat(1_001)).join()))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(box.messages().find(BOB, m.id()).orElseThrow().text()).isEqualTo("hi");
  }

  @Test
  void anEditOfAStoreFromBeforeRevisionRowsListedTheirEditsIsFoundByTheUpgradeAndRemovedToo() {
    Message m = send(ALICE, BOB, "zqxbefore");
    box.messages().edit(ALICE, m.id(), "zqxafter one").join();
    box.messages().edit(ALICE, m.id(), "zqxafter two").join();
    box.close();
    // The store as format 6 left it: the revision row without its edits' ids, no mark.
    byte[] key = io.letterbox.keys.LogKey.of(m.id());
    io.letterbox.rows.RevisionRow row = io.letterbox.rows.RevisionRow.decode(store.get(Spaces.REVISIONS, key));
    assertThat(row.edits()).hasSize(2);
    store.write(store.newBatch()
        .put(Spaces.REVISIONS, key, new io.letterbox.rows.RevisionRow(0, row.editedAt(), row.text()).encode())
        .delete(Spaces.STATE, io.letterbox.keys.StateKey.meta("edit-ids"))).join();

    box = Letterbox.open(store, config().build());

    assertThat(io.letterbox.rows.RevisionRow.decode(store.get(Spaces.REVISIONS, key)).edits()).isEqualTo(row.edits());
    assertThat(box.messages().find(BOB, m.id()).orElseThrow().text()).isEqualTo("zqxafter two");
    assertRemoved(box.moderation().takeDown(m.id(), null).join(), m.id());
    assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a removed text").isEmpty();
  }

  @Test
  void aTakenDownMessageNoLongerLetsItsReadersReadTheBlobsItAttached() {
    io.letterbox.model.Blob blob = box.blobs().put(ALICE, "a forbidden picture".getBytes(), "image/png").join().blob();
    Message m = box.messages().send(new io.letterbox.model.SendRequest(ALICE, BOB, "", null, new Extras("file", null,
        List.of(new io.letterbox.model.Attachment(blob.id(), null, null, -1)))), ALICE).join().message();
    assertThat(box.blobAccess().read(BOB, blob.id())).as("its receiver reads it").isPresent();

    box.moderation().takeDown(m.id(), null).join();

    assertThat(box.blobAccess().read(BOB, blob.id())).as("no message of its receiver's attaches it").isEmpty();
    assertThat(box.messages().find(BOB, m.id()).orElseThrow().extras().attachments()).isEmpty();
    long[] references = {0};
    store.scan(Spaces.BLOB_REFS, new KeyRange(new byte[0], null), false, (k, v) -> {
      references[0]++;
      return true;
    });
    assertThat(references[0]).isZero();
  }

  @Test
  void aConnectedMemberOfAGroupIsToldLiveOfATakenDownPost() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    Message post = box.groups().post(new GroupPost(gid, CAROL, "zqxlive", List.of(), null, Extras.TEXT)).join().message();
    List<io.letterbox.model.Event> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (var stream = box.events().stream(BOB, position(BOB), new io.letterbox.engine.feed.EventStreams.Sink() {
      @Override
      public boolean accept(io.letterbox.model.Event event) {
        seen.add(event);
        return true;
      }

      @Override
      public void ended(String reason) {}
    })) {
      box.moderation().takeDown(post.id(), null).join();

      // A stream still catching up may give the post itself as it is now, removed, instead: once.
      org.awaitility.Awaitility.await("a removed event").atMost(java.time.Duration.ofSeconds(30))
          .until(() -> seen.stream().anyMatch(e -> e instanceof io.letterbox.model.Event.Removed r
              && r.id() == post.id() && r.group() == gid
              || e instanceof io.letterbox.model.Event.MessageArrived a && a.message().id() == post.id()
              && a.message().removed()));
    }
  }
}
