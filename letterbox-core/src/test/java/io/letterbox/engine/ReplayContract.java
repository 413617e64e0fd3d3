package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.SendRequest;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The proof that a replay of the log derives exactly what the live writer derived: random
 * sequences of every kind of action (takedowns, which redact the log, and erasures of users among them), sent in bursts that the sequencer groups into shared batches,
 * then the store's content compared row by row, in every space, counters included, after
 * {@code rebuild} and after {@code migrate} into a second store. Seeded: a failure names its seed.
 */
public abstract class ReplayContract extends EngineFixture {
  /** Uids in three blocks of 2^16, so that audiences and caps span blocks. */
  private static final long[] USERS = LongStream.concat(LongStream.rangeClosed(1, 8),
      LongStream.of(70_001, 70_002, 140_003, 140_004)).toArray();
  private static final long[] SENDERS = {1, 2, 70_001};
  private static final String[] SEGMENTS = {"vip", "beta"};
  /** The erasures a sequence started: each is done before the store is compared. */
  private final List<Long> erasures = new ArrayList<>();

  /** Sequences and actions per sequence: a backend may make them fewer (the mini cluster is slow). */
  protected int sequences() {
    return 12;
  }

  protected int actionsPerSequence() {
    return 150;
  }

  /** With a requests folder: a conversation's folder and the folder's counters are derived too. */
  @Override
  protected LetterboxConfig.Builder config() {
    // And a retention (decision 0045) that sweeps remove past, now and then in a sequence.
    return super.config().requestsFolder(true).messageRetention(Duration.ofDays(1));
  }

  @Test
  void aRebuildOrAMigrationDerivesEveryRowTheLiveWriterDerived() throws Exception {
    for (int seq = 0; seq < sequences(); seq++) {
      long seed = 0x5EED0000L + seq;
      KeyValueStore live = seq == 0 ? store : newStore();
      if (seq > 0) {
        reopen(live, config().fanoutRetryDelay(Duration.ofMillis(10)));
      }
      Random random = new Random(seed);
      List<Long> broadcasts = run(random, actionsPerSequence());
      for (long id : broadcasts) {
        done(box.broadcasts().find(id).orElseThrow());
      }
      for (long id : erasures) {
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
            .until(() -> box.erasures().find(id).orElseThrow().done());
      }
      erasures.clear();
      reacted.clear();
      box.close();
      Map<String, List<String>> rows = contents(live);

      KeyValueStore other = newStore();
      Replayer.migrate(live, other, config().build(), n -> {});
      assertThat(Replayer.verify(live, other)).as("seed %x: migrate's digests", seed)
          .allMatch(Replayer.SpaceDigest::matches);
      assertThat(contents(other)).as("seed %x: migrated rows", seed).isEqualTo(rows);

      Replayer.rebuild(live, config().build(), n -> {});
      assertThat(contents(live)).as("seed %x: rebuilt rows", seed).isEqualTo(rows);
      box = Letterbox.open(live, config().build());
    }
  }

  /** Runs {@code actions} random actions in bursts; @return the ids of the broadcasts accepted */
  private List<Long> run(Random random, int actions) {
    List<Long> broadcasts = new ArrayList<>();
    List<Long> messages = new ArrayList<>();
    List<Long> groups = new ArrayList<>();
    int done = 0;
    while (done < actions) {
      int burst = 1 + random.nextInt(12);
      List<CompletableFuture<?>> pending = new ArrayList<>();
      for (int i = 0; i < burst && done < actions; i++, done++) {
        CompletableFuture<?> f = attempt(() -> random.nextInt(5) == 0 ? groupAction(random, groups)
            : action(random, messages, broadcasts));
        if (f != null) {
          pending.add(f);
        }
      }
      for (CompletableFuture<?> f : pending) {
        try {
          Object result = f.join();
          if (result instanceof Broadcast b) {
            broadcasts.add(b.id());
          } else if (result instanceof io.letterbox.model.NewGroup g) {
            groups.add(g.group().id());
          } else if (result instanceof io.letterbox.model.Erasure e) {
            erasures.add(e.id());
          } else if (result instanceof io.letterbox.model.SendResult s) {
            messages.add(s.message().id());
          } else if (result instanceof List<?> ids) {
            // An import's ids; the refusals of a group add are not messages.
            ids.stream().filter(Long.class::isInstance).forEach(id -> messages.add((Long) id));
          }
        } catch (CompletionException e) {
          codeOf(e); // a refusal (capped, conflict, not found) is part of the sequence
        }
      }
      if (random.nextInt(8) == 0) {
        clock.advance(Duration.ofMinutes(1 + random.nextInt(90)));
      }
      if (random.nextInt(4) == 0) {
        box.disappearing().sweep();
      }
      if (random.nextInt(4) == 0) {
        box.schedules().due().sweep();
      }
      if (random.nextInt(30) == 0) {
        // The messages of the sequence's first hours pass the retention, and a sweep removes them.
        clock.advance(Duration.ofHours(12 + random.nextInt(12)));
        box.retention().sweep();
      }
    }
    return broadcasts;
  }

  private static CompletableFuture<?> attempt(Supplier<CompletableFuture<?>> call) {
    try {
      return call.get();
    } catch (LetterboxException e) {
      return null; // refused before it was queued: nothing happened
    }
  }

  private CompletableFuture<?> action(Random r, List<Long> messages, List<Long> broadcasts) {
    long a = pick(r, USERS);
    long b = pick(r, USERS);
    if (a == b) {
      b = a == USERS[0] ? USERS[1] : USERS[0];
    }
    String key = r.nextInt(4) == 0 ? "k" + r.nextInt(6) : null;
    String device = r.nextBoolean() ? "pc" : "mobile";
    return switch (r.nextInt(39)) {
      case 0, 1, 2 -> box.messages().send(new SendRequest(a, b, "m" + r.nextInt(1000), key));
      // Replies and forwards (decision 0048) of a message of the pair, or of any of the sequence's (which may be refused).
      case 3 -> referring(r, a, b, key, messages);
      // One or two in an import: a removal redacts one message inside its import's entry.
      case 4 -> box.messages().importHistory(imports(r, a, b));
      case 5 -> box.conversations().markRead(a, ConversationRef.peer(b), device, null);
      case 6 -> messages.isEmpty() ? box.conversations().markRead(a, ConversationRef.peer(b), device, null)
          : box.conversations().markRead(a, ConversationRef.peer(b), device, messages.get(r.nextInt(messages.size())));
      case 7 -> messages.isEmpty() ? null : box.messages().delete(a, messages.get(r.nextInt(messages.size())));
      case 8 -> box.conversations().delete(a, b);
      case 9 -> r.nextInt(3) == 0 ? box.conversations().deleteAll(a) : box.conversations().delete(b, a);
      case 10 -> box.broadcasts().setCap(pick(r, SENDERS), new FrequencyCap(1 + r.nextInt(3),
          r.nextBoolean() ? Duration.ofDays(1) : Duration.ofHours(1)));
      case 11 -> r.nextBoolean() ? box.relations().follow(a, pick(r, SENDERS)) : box.relations().unfollow(a, pick(r, SENDERS));
      case 12 -> box.relations().subscribe(a, pick(r, SENDERS), r.nextBoolean() ? Map.of("city", r.nextBoolean() ? "bj" : "sh")
          : Map.of("city", "bj", "tier", "gold"));
      case 13 -> box.relations().unsubscribe(a, pick(r, SENDERS));
      case 14 -> box.relations().addFollowers(pick(r, SENDERS), someUsers(r, pick(r, SENDERS)));
      case 15 -> r.nextBoolean() ? box.relations().replaceSegment(pick(r, SEGMENTS), someUsers(r, 0))
          : box.relations().addToSegment(pick(r, SEGMENTS), someUsers(r, 0));
      case 16, 17 -> box.broadcasts().send(new BroadcastRequest(pick(r, SENDERS), "b" + r.nextInt(1000), audience(r),
          r.nextBoolean() ? BroadcastRequest.Priority.HIGH : BroadcastRequest.Priority.NORMAL, key));
      case 18 -> box.relations().setUserSettings(a, new io.letterbox.model.UserSettings.Change(
          io.letterbox.model.UserSettings.GroupAdds.values()[r.nextInt(3)]));
      case 19 -> box.conversations().setState(a, ConversationRef.peer(userOrSender(r, a, b)), maybe(r), maybe(r), maybe(r));
      case 20 -> box.relations().block(a, userOrSender(r, a, b), r.nextInt(3) > 0);
      case 21 -> box.messages().send(new SendRequest(a, b, "", key, new io.letterbox.model.Extras("custom:poll",
          "{\"q\":" + r.nextInt(9) + "}", List.of())));
      case 22 -> messages.isEmpty() ? null : box.messages().recall(a, messages.get(r.nextInt(messages.size())));
      case 23 -> messages.isEmpty() ? null : box.messages().edit(a, messages.get(r.nextInt(messages.size())), "edited" + r.nextInt(9));
      case 24 -> messages.isEmpty() ? null : box.moderation().report(a, messages.get(r.nextInt(messages.size())),
          io.letterbox.model.Report.Reason.values()[r.nextInt(3)], r.nextBoolean() ? null : "n" + r.nextInt(9));
      // A takedown (decision 0042): the log is redacted in place, and a replay over it derives the same.
      case 25 -> messages.isEmpty() ? null : box.moderation().takeDown(messages.get(r.nextInt(messages.size())),
          r.nextBoolean() ? null : "t" + r.nextInt(9));
      case 26 -> broadcasts.isEmpty() ? null : box.moderation().takeDown(broadcasts.get(r.nextInt(broadcasts.size())), null);
      // Legal holds and erasures (decision 0044): an erasure's job logs its steps while the sequence goes on.
      case 27 -> box.erasures().hold(a, r.nextBoolean());
      case 28 -> r.nextInt(3) > 0 ? box.messages().send(new SendRequest(b, a, "m" + r.nextInt(1000), null))
          : box.erasures().erase(a);
      // A message that vanishes for its parties (decision 0045): as the retention sweep and a disappearing timer remove.
      case 29 -> messages.isEmpty() ? null : box.moderation().remove(messages.get(r.nextInt(messages.size())),
          r.nextBoolean() ? io.letterbox.model.Removal.Reason.RETENTION : io.letterbox.model.Removal.Reason.DISAPPEARING, null);
      // Disappearing messages (decision 0045): the setting, then the timers a sweep finds due.
      case 30 -> box.conversations().setDisappearAfter(a, ConversationRef.peer(b),
          r.nextBoolean() ? null : Duration.ofMinutes(1 + r.nextInt(120)));
      // Reactions (decision 0049) to a one-to-one message or a broadcast, by a party or not (refused).
      case 32, 33 -> react(r, a, r.nextInt(3) > 0 || broadcasts.isEmpty() ? messages : broadcasts);
      // Pinned messages and drafts (decision 0050): a pin or unpin by either party, a draft saved or cleared.
      case 34 -> {
        var m = messages.isEmpty() ? java.util.Optional.<io.letterbox.model.Message>empty()
            : box.messages().find(a, messages.get(r.nextInt(messages.size())));
        yield m.isEmpty() || m.get().kind() != io.letterbox.model.Message.Kind.SINGLE ? null
            : box.pins().pin(a, m.get().from() == a ? m.get().to() : m.get().from(), m.get().id(), r.nextInt(3) > 0);
      }
      case 35 -> box.conversations().setDraft(a, b, r.nextInt(3) == 0 ? "" : "d" + r.nextInt(9));
      case 36 -> received(a);
      // Scheduled messages (decision 0052): scheduled, cancelled, and sent or refused as the clock passes them.
      case 37 -> box.schedules().schedule(new SendRequest(a, b, "s" + r.nextInt(1000), key),
          clock.instant().plus(Duration.ofMinutes(1 + r.nextInt(120))), io.letterbox.blob.Blobs.SERVICE);
      case 38 -> box.schedules().list(a, null, 1).items().stream().findFirst()
          .<CompletableFuture<?>>map(s -> box.schedules().cancel(a, s.id())).orElse(null);
      default -> broadcasts.isEmpty() ? box.messages().send(new SendRequest(b, a, "back", null))
          : box.messages().delete(a, broadcasts.get(r.nextInt(broadcasts.size())));
    };
  }

  private static final String[] EMOJIS = {"👍", "❤️", "custom:party"};
  /** Reactions asked for, (uid, message id, emoji): some are taken back. */
  private final List<Object[]> reacted = new ArrayList<>();

  /** {@code a} reacts to one of {@code ids}, or takes a reaction back; null if there is none. */
  private CompletableFuture<?> react(Random r, long a, List<Long> ids) {
    if (ids.isEmpty()) {
      return null;
    }
    long id = ids.get(r.nextInt(ids.size()));
    String emoji = pick(r, EMOJIS);
    // Mostly by a user who can see it (the others are refused before anything is logged).
    long by = a;
    boolean party = r.nextInt(4) > 0;
    for (int i = 0, from = r.nextInt(USERS.length); party && i < USERS.length; i++) {
      long u = USERS[(from + i) % USERS.length];
      if (box.messages().find(u, id).isPresent()) {
        by = u;
        break;
      }
    }
    if (!reacted.isEmpty() && r.nextInt(3) == 0) {
      Object[] taken = reacted.remove(r.nextInt(reacted.size()));
      return box.reactions().unreact((Long) taken[0], (Long) taken[1], (String) taken[2]);
    }
    reacted.add(new Object[] {by, id, emoji});
    return box.reactions().react(by, id, emoji);
  }

  /**
   * A send from {@code a} to {@code b} that replies to one of their newest messages, or forwards it;
   * now and then one of any of the sequence's {@code messages}. A plain send if there is none.
   */
  private CompletableFuture<?> referring(Random r, long a, long b, String key, List<Long> messages) {
    List<io.letterbox.model.Message> some = box.conversations().history(a, ConversationRef.peer(b), null, 5).items();
    long original = r.nextInt(4) == 0 && !messages.isEmpty() ? messages.get(r.nextInt(messages.size()))
        : some.isEmpty() ? 0 : some.get(r.nextInt(some.size())).id();
    if (original == 0) {
      return box.messages().send(new SendRequest(a, b, "m" + r.nextInt(1000), key));
    }
    return r.nextBoolean()
        ? box.messages().send(new SendRequest(a, b, "re" + r.nextInt(9), key, io.letterbox.model.Extras.TEXT.withReplyTo(original)))
        : box.messages().send(new SendRequest(a, b, null, key, io.letterbox.model.Extras.TEXT, original));
  }

  /** Where each user's device synced up to, for the delivery receipts its syncs log (decision 0051). */
  private final Map<Long, String> synced = new java.util.HashMap<>();

  /** A device of {@code uid} syncs what arrived since its last sync: the receipts of what it received are logged. */
  private CompletableFuture<?> received(long uid) {
    String since = synced.get(uid);
    var page = box.events().sync(uid, since, 100);
    synced.put(uid, page.next());
    return box.events().logReceipts();
  }

  /**
   * Groups of the users (decision 0011): created, posted to, administered, read; adds refused
   * for want of consent, members and owners leaving, groups ending (decision 0023).
   */
  private static List<ImportedMessage> imports(Random r, long a, long b) {
    List<ImportedMessage> batch = new ArrayList<>();
    for (int k = r.nextInt(2); k >= 0; k--) {
      batch.add(new ImportedMessage(k == 0 ? a : b, k == 0 ? b : a, "old" + r.nextInt(100),
          Instant.parse("2019-06-01T00:00:00Z").plusSeconds(r.nextInt(3) * 60L)));
    }
    return batch;
  }

  private CompletableFuture<?> groupAction(Random r, List<Long> groups) {
    long a = pick(r, USERS);
    if (groups.isEmpty() || r.nextInt(10) == 0) {
      // Some alone, so that their creators' leaving ends them.
      return box.groups().create(a, "g" + r.nextInt(9), r.nextInt(4) == 0 ? new long[0] : someUsers(r, a), r.nextBoolean());
    }
    long gid = groups.get(r.nextInt(groups.size()));
    String key = r.nextInt(4) == 0 ? "k" + r.nextInt(6) : null;
    return switch (r.nextInt(13)) {
      case 8, 9 -> {
        long id = someGroupMessage(r, a, gid);
        int what = r.nextInt(4);
        yield id == 0 ? null : what == 3 ? react(r, a, List.of(id)) : what == 0 ? box.messages().delete(a, id) : what == 1 ? box.messages().recall(a, id)
            : r.nextBoolean() ? box.messages().edit(a, id, "pe" + r.nextInt(9)) : box.moderation().takeDown(id, null);
      }
      case 0, 1 -> box.groups().post(new io.letterbox.model.GroupPost(gid, a, "p" + r.nextInt(1000),
          r.nextBoolean() ? List.of() : List.of(pick(r, USERS)), key, io.letterbox.model.Extras.TEXT));
      case 2 -> {
        // A reply to one of the group's messages, or a forward of it (decision 0048).
        long id = someGroupMessage(r, a, gid);
        yield id == 0 ? null : r.nextBoolean()
            ? box.groups().post(new io.letterbox.model.GroupPost(gid, a, "pr" + r.nextInt(9), List.of(), key,
                io.letterbox.model.Extras.TEXT.withReplyTo(id)))
            : box.groups().post(new io.letterbox.model.GroupPost(gid, a, null, List.of(), key, io.letterbox.model.Extras.TEXT, id));
      }
      case 3 -> box.groups().setMembers(gid, a, someUsers(r, a), r.nextInt(4) == 0 ? io.letterbox.model.GroupRole.ADMIN
          : io.letterbox.model.GroupRole.MEMBER);
      case 4 -> box.groups().removeMember(gid, a, r.nextBoolean() ? a : pick(r, USERS));
      case 5 -> box.groups().setMembers(gid, a, new long[] {pick(r, USERS)}, io.letterbox.model.GroupRole.OWNER);
      case 6 -> r.nextInt(3) > 0 ? box.groups().rename(gid, a, "r" + r.nextInt(9))
          : box.conversations().setDisappearAfter(a, ConversationRef.group(gid),
              r.nextBoolean() ? null : Duration.ofMinutes(1 + r.nextInt(120)));
      case 10 -> {
        List<io.letterbox.model.Message> some = box.conversations().history(a, ConversationRef.group(gid), null, 5).items();
        yield some.isEmpty() ? null : box.pins().pinInGroup(gid, a, some.get(r.nextInt(some.size())).id(), r.nextInt(3) > 0);
      }
      // A scheduled post (decision 0052), by a member or not (refused): posted or refused as the clock passes it.
      case 11 -> box.schedules().schedule(new io.letterbox.model.GroupPost(gid, a, "sp" + r.nextInt(1000),
          r.nextBoolean() ? List.of() : List.of(pick(r, USERS)), key, io.letterbox.model.Extras.TEXT),
          clock.instant().plus(Duration.ofMinutes(1 + r.nextInt(120))), io.letterbox.blob.Blobs.SERVICE);
      // A group draft (decision 0050) saved or cleared, by a member or not (refused).
      case 12 -> box.conversations().setGroupDraft(a, gid, r.nextInt(3) == 0 ? "" : "gd" + r.nextInt(9));
      default -> box.conversations().markRead(a, ConversationRef.group(gid), r.nextBoolean() ? "pc" : "mobile", null);
    };
  }

  /** One of the newest messages of group {@code gid} that {@code member} sees; 0 for none. */
  private long someGroupMessage(Random r, long member, long gid) {
    List<io.letterbox.model.Message> some = box.conversations().history(member, ConversationRef.group(gid), null, 5).items();
    return some.isEmpty() ? 0 : some.get(r.nextInt(some.size())).id();
  }

  private static Audience audience(Random r) {
    return switch (r.nextInt(5)) {
      case 0 -> new Audience.Followers();
      case 1 -> new Audience.Subscribers(Map.of());
      case 2 -> new Audience.Subscribers(Map.of("city", "bj"));
      case 3 -> new Audience.Uids(someUsers(r, 0));
      default -> new Audience.Segment(pick(r, SEGMENTS));
    };
  }

  /** A random, sorted, non-empty subset of the users, without {@code except}. */
  private static long[] someUsers(Random r, long except) {
    long[] some = LongStream.of(USERS).filter(u -> u != except && r.nextInt(3) > 0).toArray();
    return some.length == 0 ? new long[] {except == USERS[0] ? USERS[1] : USERS[0]} : some;
  }

  /** {@code b}, or one of the senders (broadcasters) other than {@code a}. */
  private static long userOrSender(Random r, long a, long b) {
    long s = pick(r, SENDERS);
    return r.nextBoolean() || s == a ? b : s;
  }

  /** true, false or null (unchanged). */
  private static Boolean maybe(Random r) {
    return r.nextInt(3) == 0 ? null : r.nextBoolean();
  }

  private static long pick(Random r, long[] from) {
    return from[r.nextInt(from.length)];
  }

  private static String pick(Random r, String[] from) {
    return from[r.nextInt(from.length)];
  }
}
