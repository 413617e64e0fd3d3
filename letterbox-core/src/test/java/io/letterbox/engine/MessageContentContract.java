package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.model.ConversationRef;
import io.letterbox.blob.Blobs;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.keys.BlobKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Attachment;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Blob;
import io.letterbox.model.Extras;
import io.letterbox.model.Message;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import java.util.List;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Blobs (attachments' bytes) and typed messages with payloads and attachments, on every backend. */
public abstract class MessageContentContract extends EngineFixture {
  private static final int CHUNK = Blobs.CHUNK_BYTES;

  private static byte[] randomBytes(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private static String idOf(byte[] bytes) throws Exception {
    return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  private long entries(KeyValueStore s) {
    long[] n = {0};
    s.scan(Spaces.BLOBS, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  @Test
  void theBytesAreStoredOnceWhoeverUploadsThemAndEachUploaderGetsItsOwnOpaqueId() throws Exception {
    byte[] bytes = randomBytes(CHUNK * 2 + 1000, 1);

    Blobs.Stored first = box.blobs().put(ALICE, bytes, "image/png").join();
    long rows = entries(store);
    Blobs.Stored again = box.blobs().put(ALICE, bytes.clone(), "application/pdf").join();
    Blobs.Stored other = box.blobs().put(BOB, bytes.clone(), "image/png").join();

    assertThat(first.created()).isTrue();
    assertThat(first.blob()).isEqualTo(new Blob(first.blob().id(), bytes.length, "image/png", ALICE));
    assertThat(first.blob().id()).as("opaque: not the hash of the bytes").matches("[A-Za-z0-9_-]{22}")
        .doesNotContain(idOf(bytes).substring(7, 20));
    assertThat(again.created()).isFalse();
    assertThat(again.blob()).as("the first upload's id and content type stay").isEqualTo(first.blob());
    assertThat(other.created()).as("another uploader's upload is its own").isTrue();
    assertThat(other.blob().id()).isNotEqualTo(first.blob().id());
    assertThat(other.blob().uploader()).isEqualTo(BOB);
    assertThat(rows).as("a header and three chunks").isEqualTo(4);
    assertThat(entries(store)).as("the bytes are stored once").isEqualTo(rows);
    assertThat(box.blobs().read(other.blob(), 0, bytes.length)).isEqualTo(bytes);
  }

  @Test
  void anyRangeOfABlobReadsBackItsBytesAcrossChunks() {
    byte[] bytes = randomBytes(CHUNK * 2 + CHUNK / 2, 2);
    Blob blob = box.blobs().put(Blobs.SERVICE, bytes, null).join().blob();

    assertThat(box.blobs().find(blob.id())).contains(blob);
    assertThat(blob.contentType()).isEqualTo("application/octet-stream");
    assertThat(box.blobs().read(blob, 0, bytes.length)).isEqualTo(bytes);
    assertThat(box.blobs().read(blob, CHUNK - 10, 20)).isEqualTo(Arrays.copyOfRange(bytes, CHUNK - 10, CHUNK + 10));
    assertThat(box.blobs().read(blob, CHUNK - 1, CHUNK + 2))
        .isEqualTo(Arrays.copyOfRange(bytes, CHUNK - 1, 2 * CHUNK + 1));
    assertThat(box.blobs().read(blob, bytes.length - 1, 1)).containsExactly(bytes[bytes.length - 1]);
    assertThat(box.blobs().read(blob, 5, 0)).isEmpty();
    assertThatThrownBy(() -> box.blobs().read(blob, bytes.length - 1, 2)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anEmptyBlobIsABlobToo() throws Exception {
    Blob blob = box.blobs().put(Blobs.SERVICE, new byte[0], "text/plain; charset=utf-8").join().blob();

    assertThat(blob).isEqualTo(new Blob(blob.id(), 0, "text/plain; charset=utf-8", Blobs.SERVICE));
    assertThat(box.blobs().find(blob.id())).contains(blob);
    assertThat(box.blobs().read(blob, 0, 0)).isEmpty();
  }

  @Test
  void aBlobOverMaxBlobBytesIsRefusedAndNothingIsStored() {
    box.close();
    box = Letterbox.open(store, config().maxBlobBytes(1000).build());

    assertThat(box.blobs().put(Blobs.SERVICE, new byte[1000], null).join().created()).isTrue();
    long rows = entries(store);
    assertThatThrownBy(() -> box.blobs().put(Blobs.SERVICE, new byte[1001], null))
        .isInstanceOfSatisfying(LetterboxException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE));
    assertThat(entries(store)).isEqualTo(rows);
  }

  @Test
  void aMalformedIdOrContentTypeIsInvalidAndAnUnknownIdIsNone() throws Exception {
    for (String bad : new String[] {"", "sha256:", "sha256:abc", "md5:" + "0".repeat(64), "sha256:" + "A".repeat(64),
        "sha256:" + "0".repeat(65), null}) {
      assertThatThrownBy(() -> box.blobs().find(bad)).as(String.valueOf(bad))
          .isInstanceOfSatisfying(LetterboxException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }
    for (String bad : new String[] {"png", "image/", "/png", "image/png; charset", "image/p ng", "text/pl\u0001ain", "a/" + "b".repeat(300)}) {
      assertThatThrownBy(() -> box.blobs().put(Blobs.SERVICE, new byte[1], bad)).as(bad)
          .isInstanceOfSatisfying(LetterboxException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }
    assertThat(entries(store)).isZero();
    assertThat(box.blobs().find(idOf(new byte[] {42}))).isEmpty();
    assertThat(box.blobs().find("A".repeat(22))).isEmpty();
    assertThatThrownBy(() -> box.blobs().find("A".repeat(21) + "B")).as("not a canonical encoding")
        .isInstanceOfSatisfying(LetterboxException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    assertThat(box.blobs().put(Blobs.SERVICE, new byte[1], "Image/PNG; q=\"x\"").join().blob().contentType()).isEqualTo("image/png; q=\"x\"");
  }

  @Test
  void anUploadCutShortBeforeItsHeaderIsNoBlobAndTheNextUploadCompletesIt() throws Exception {
    byte[] bytes = randomBytes(CHUNK + 7, 3);
    byte[] hash = MessageDigest.getInstance("SHA-256").digest(bytes);
    // What a crash after the chunks and before the header leaves: the first chunk only.
    WriteBatch partial = store.newBatch().put(Spaces.BLOBS, BlobKey.chunk(hash, 0), Arrays.copyOf(bytes, CHUNK));
    store.write(partial).join();

    assertThat(box.blobs().find(idOf(bytes))).isEmpty();
    Blobs.Stored stored = box.blobs().put(ALICE, bytes, "video/mp4").join();

    assertThat(stored.created()).isTrue();
    assertThat(box.blobs().read(stored.blob(), 0, bytes.length)).isEqualTo(bytes);
  }

  @Test
  void rebuildKeepsBlobsAndMigrateCarriesThem() throws Exception {
    byte[] bytes = randomBytes(CHUNK + 1, 4);
    Blob blob = box.blobs().put(ALICE, bytes, "image/jpeg").join().blob();
    box.close();

    Replayer.rebuild(store, config().build(), n -> {});
    KeyValueStore other = newStore();
    Replayer.migrate(store, other, config().build(), n -> {});

    for (KeyValueStore s : new KeyValueStore[] {store, other}) {
      Blobs blobs = new Blobs(s, config().build().maxBlobBytes());
      assertThat(blobs.find(blob.id())).contains(blob);
      assertThat(blobs.read(blob, 0, bytes.length)).isEqualTo(bytes);
    }
    box = Letterbox.open(store, config().build());
  }

  // --- typed messages ---

  private Blob image() {
    return box.blobs().put(ALICE, randomBytes(3000, 9), "image/png").join().blob();
  }

  private SendResult sendTyped(long from, long to, String text, Extras extras, String key) {
    return box.messages().send(new SendRequest(from, to, text, key, extras)).join();
  }

  @Test
  void aTypedMessageKeepsItsTypePayloadAndAttachmentsForBothParties() {
    Blob png = image();
    Extras asked = new Extras("image", "{\"w\":640,\"h\":480}",
        List.of(new Attachment(png.id(), "cat.png", null, -1)));

    Message sent = sendTyped(ALICE, BOB, "my cat", asked, null).message();

    Extras stored = new Extras("image", "{\"w\":640,\"h\":480}",
        List.of(new Attachment(png.id(), "cat.png", "image/png", 3000)));
    assertThat(sent.extras()).as("the attachment takes its blob's type and size").isEqualTo(stored);
    for (long owner : new long[] {ALICE, BOB}) {
      long peer = owner == ALICE ? BOB : ALICE;
      assertThat(box.conversations().history(owner, ConversationRef.peer(peer), null, 10).items()).containsExactly(sent);
      assertThat(box.messages().find(owner, sent.id())).contains(sent);
    }
    reopen(config());
    assertThat(box.conversations().history(BOB, ConversationRef.peer(ALICE), null, 10).items()).as("after a restart, from the log").containsExactly(sent);
  }

  @Test
  void aMessageOfAnotherTypeNeedsNoTextAndTheListShowsItsType() {
    Blob png = image();
    send(ALICE, BOB, "look");
    Message picture = sendTyped(ALICE, BOB, null, new Extras("image", null, List.of(new Attachment(png.id(), null, null, -1))),
        null).message();

    assertThat(picture.text()).isEmpty();
    for (int restart = 0; restart < 2; restart++) {
      Message last = box.conversations().list(BOB, null, 10).items().get(0).lastMessage();
      assertThat(last.id()).isEqualTo(picture.id());
      assertThat(last.extras().type()).isEqualTo("image");
      assertThat(last.text()).isEmpty();
      reopen(config());
    }
    send(BOB, ALICE, "nice");
    assertThat(box.conversations().list(ALICE, null, 10).items().get(0).lastMessage().extras().type()).isEqualTo("text");
  }

  @Test
  void anIdempotentRetryOfATypedMessageStoresItOnceAndADifferentBodyConflicts() {
    Blob png = image();
    Extras extras = new Extras("file", null, List.of(new Attachment(png.id(), "a.png", null, -1)));

    SendResult first = sendTyped(ALICE, BOB, "", extras, "k-1");
    SendResult retry = sendTyped(ALICE, BOB, "", extras, "k-1");

    assertThat(first.created()).isTrue();
    assertThat(retry.created()).isFalse();
    assertThat(retry.message()).isEqualTo(first.message());
    assertThat(refusal(() -> sendTyped(ALICE, BOB, "", new Extras("file", null,
        List.of(new Attachment(png.id(), "b.png", null, -1))), "k-1"))).isEqualTo(ErrorCode.IDEMPOTENCY_CONFLICT);
    assertThat(box.conversations().history(BOB, ConversationRef.peer(ALICE), null, 10).items()).hasSize(1);
  }

  @Test
  void aBadTypePayloadOrAttachmentIsInvalidAndSendsNothing() throws Exception {
    Blob png = image();
    String unknown = idOf(new byte[] {1, 2, 3});
    List<Extras> bad = List.of(
        new Extras("video", null, List.of()),
        new Extras("custom:", null, List.of()),
        new Extras("custom:Vote", null, List.of()),
        new Extras("card", "{\"x\":\"" + "y".repeat(16 * 1024) + "\"}", List.of()),
        new Extras("card", "[1]", List.of()),
        new Extras("image", null, List.of(new Attachment(unknown, null, null, -1))),
        new Extras("image", null, List.of(new Attachment("sha256:nope", null, null, -1))),
        new Extras("image", null, List.of(new Attachment(png.id(), null, null, 2999))),
        new Extras("image", null, List.of(new Attachment(png.id(), "", null, -1))),
        new Extras("image", null, List.of(new Attachment(png.id(), null, "not a type", -1))),
        new Extras("image", null, List.of(new Attachment(png.id(), null, "text/html", -1))),
        new Extras("image", null, java.util.Collections.nCopies(21, new Attachment(png.id(), null, null, -1))));
    for (Extras extras : bad) {
      assertThat(refusal(() -> sendTyped(ALICE, BOB, "x", extras, null))).as("%s", extras)
          .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }
    assertThat(refusal(() -> sendTyped(ALICE, BOB, "", Extras.TEXT, null))).as("a text message needs its text")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 10).items()).isEmpty();
    assertThat(box.conversations().list(BOB, null, 10).items()).isEmpty();
  }

  @Test
  void aTypedBroadcastReachesItsReceiversWithItsPayloadAndAttachments() {
    Blob png = image();
    box.relations().follow(BOB, NEWS).join();
    box.relations().follow(CAROL, NEWS).join();
    Extras extras = new Extras("card", "{\"title\":\"早报\"}", List.of(new Attachment(png.id(), "cover.png", null, -1)));

    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, null, new Audience.Followers(), null, null, extras)).join());

    Extras stored = new Extras("card", "{\"title\":\"早报\"}", List.of(new Attachment(png.id(), "cover.png", "image/png", 3000)));
    assertThat(b.extras()).isEqualTo(stored);
    assertThat(b.text()).isEmpty();
    for (long receiver : new long[] {BOB, CAROL}) {
      Message m = box.conversations().history(receiver, ConversationRef.peer(NEWS), null, 10).items().get(0);
      assertThat(m.extras()).isEqualTo(stored);
      assertThat(m.kind()).isEqualTo(Message.Kind.BROADCAST);
      assertThat(box.conversations().list(receiver, null, 10).items().get(0).lastMessage().extras().type()).isEqualTo("card");
    }
    assertThat(refusal(() -> box.broadcasts().send(new BroadcastRequest(NEWS, "x", new Audience.Followers(), null, null,
        new Extras("image", null, List.of(new Attachment("sha256:" + "0".repeat(64), null, null, -1)))))))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }
}
