package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.letterbox.model.ConversationRef;
import io.letterbox.blob.BlobReferences;
import io.letterbox.blob.Blobs;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.keys.BlobKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.Attachment;
import io.letterbox.model.Audience;
import io.letterbox.model.Blob;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Extras;
import io.letterbox.model.Group;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.SendRequest;
import io.letterbox.rows.BlobRow;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * Who may read a blob (decision 0022): its uploader, the readers of a message that attaches it,
 * and services; on every backend, and as {@code rebuild}, {@code migrate} and a store from before
 * the index derive it.
 */
public abstract class PrivateBlobsContract extends EngineFixture {
  private Blob upload(long uploader, String contentType) {
    return box.blobs().put(uploader, ("bytes of " + uploader + contentType).getBytes(), contentType).join().blob();
  }

  private static Extras attaching(Blob blob) {
    return new Extras("file", null, List.of(new Attachment(blob.id(), null, null, -1)));
  }

  private Message sendAs(long from, long to, Blob blob) {
    return box.messages().send(new SendRequest(from, to, "", null, attaching(blob)), from).join().message();
  }

  private static LetterboxException refusedWith(Runnable r) {
    Throwable t = catchThrowable(r::run);
    Throwable cause = t instanceof CompletionException ? t.getCause() : t;
    assertThat(cause).isInstanceOf(LetterboxException.class);
    return (LetterboxException) cause;
  }

  @Test
  void aBlobIsReadByItsUploaderAndServicesButNotByAStranger() {
    Blob blob = upload(ALICE, "image/png");

    assertThat(box.blobAccess().read(ALICE, blob.id())).contains(blob);
    assertThat(box.blobAccess().read(Blobs.SERVICE, blob.id())).contains(blob);
    assertThat(box.blobAccess().read(BOB, blob.id())).isEmpty();
    assertThat(box.blobAccess().read(BOB, "A".repeat(22))).as("the same answer as for no blob").isEmpty();
  }

  @Test
  void bothPartiesOfAMessageThatAttachesABlobReadItAndNoOneElse() {
    Blob blob = upload(ALICE, "image/png");

    sendAs(ALICE, BOB, blob);

    assertThat(box.blobAccess().read(BOB, blob.id())).contains(blob);
    assertThat(box.blobAccess().read(CAROL, blob.id())).isEmpty();
  }

  @Test
  void aReceiverMayAttachWhatItReceivedButAStrangerMayNotAttachWhatItCannotRead() {
    Blob blob = upload(ALICE, "image/png");
    sendAs(ALICE, BOB, blob);

    Message passedOn = sendAs(BOB, DAVE, blob);
    LetterboxException stranger = refusedWith(() -> sendAs(CAROL, DAVE, blob));
    LetterboxException unknown = refusedWith(() -> sendAs(CAROL, DAVE,
        new Blob("A".repeat(22), 1, "image/png", ALICE)));

    assertThat(box.blobAccess().read(DAVE, blob.id())).contains(blob);
    assertThat(passedOn.extras().attachments()).hasSize(1);
    assertThat(stranger.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(stranger.getMessage()).as("the same words as for a blob that does not exist")
        .isEqualTo(unknown.getMessage().replace("A".repeat(22), blob.id()));
    assertThat(box.conversations().history(DAVE, ConversationRef.peer(CAROL), null, 10).items()).isEmpty();
  }

  @Test
  void anAttachmentNamingAnotherContentTypeThanItsBlobsIsRefused() {
    Blob html = upload(ALICE, "text/html");
    Extras claimed = new Extras("image", null, List.of(new Attachment(html.id(), null, "image/png", -1)));

    LetterboxException e = refusedWith(() -> box.messages().send(new SendRequest(ALICE, BOB, "", null, claimed), ALICE).join());

    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(e.getMessage()).contains("text/html");
    assertThat(box.blobAccess().read(BOB, html.id())).isEmpty();
  }

  @Test
  void aGroupsMembersWhoSeeThePostReadItsBlob() {
    Group g = box.groups().create(ALICE, "friends", new long[] {BOB}, false).join().group();
    Blob blob = upload(ALICE, "image/png");

    box.groups().post(new GroupPost(g.id(), ALICE, "", List.of(), null, attaching(blob)), ALICE).join();
    box.groups().setMembers(g.id(), ALICE, new long[] {CAROL}, io.letterbox.model.GroupRole.MEMBER).join();

    assertThat(box.blobAccess().read(BOB, blob.id())).contains(blob);
    assertThat(box.blobAccess().read(CAROL, blob.id())).as("joined after the post: does not see it").isEmpty();
    assertThat(box.blobAccess().read(DAVE, blob.id())).isEmpty();
  }

  @Test
  void aBroadcastsReceiversReadItsBlobAndOthersDoNot() {
    box.relations().follow(BOB, NEWS).join();
    Blob blob = upload(NEWS, "image/png");

    done(box.broadcasts().send(new BroadcastRequest(NEWS, null, new Audience.Followers(), null, null, attaching(blob))).join());

    assertThat(box.blobAccess().read(BOB, blob.id())).contains(blob);
    assertThat(box.blobAccess().read(CAROL, blob.id())).isEmpty();
    assertThat(count(store, Spaces.BLOB_REFS)).as("one reference, not one per receiver").isEqualTo(1);
  }

  @Test
  void aRecalledMessageNoLongerLetsItsReceiverReadTheBlob() {
    Blob blob = upload(ALICE, "image/png");
    Message m = sendAs(ALICE, BOB, blob);

    box.messages().recall(ALICE, m.id()).join();

    assertThat(box.blobAccess().read(BOB, blob.id())).isEmpty();
    assertThat(box.blobAccess().read(ALICE, blob.id())).contains(blob);
  }

  @Test
  void onlyTheNewestReferencesAreLookedAt() {
    Blob blob = upload(ALICE, "image/png");
    sendAs(ALICE, BOB, blob);
    for (int i = 0; i < BlobReferences.MAX_CHECKED; i++) {
      sendAs(ALICE, DAVE, blob);
    }

    assertThat(box.blobAccess().read(DAVE, blob.id())).contains(blob);
    assertThat(box.blobAccess().read(BOB, blob.id())).as("its one message is past the bound").isEmpty();
  }

  @Test
  void rebuildAndMigrateDeriveTheReferencesAgain() throws Exception {
    Blob blob = upload(ALICE, "image/png");
    sendAs(ALICE, BOB, blob);
    box.close();

    Replayer.rebuild(store, config().build(), n -> {});
    KeyValueStore other = newStore();
    Replayer.migrate(store, other, config().build(), n -> {});

    for (KeyValueStore s : new KeyValueStore[] {store, other}) {
      box = Letterbox.open(s, config().build());
      assertThat(box.blobAccess().read(BOB, blob.id())).contains(blob);
      assertThat(box.blobAccess().read(CAROL, blob.id())).isEmpty();
      box.close();
    }
    box = Letterbox.open(store, config().build());
  }

  @Test
  void aLegacyIdIsReadByServicesAndByTheReadersOfMessagesThatAttachedItBeforeTheIndex() throws Exception {
    byte[] bytes = "a blob uploaded when ids were hashes".getBytes();
    byte[] hash = MessageDigest.getInstance("SHA-256").digest(bytes);
    store.write(store.newBatch().put(Spaces.BLOBS, BlobKey.chunk(hash, 0), bytes)
        .put(Spaces.BLOBS, BlobKey.header(hash), new BlobRow(bytes.length, Blobs.CHUNK_BYTES, "image/gif").encode())).join();
    String legacy = "sha256:" + HexFormat.of().formatHex(hash);
    Blob blob = box.blobs().find(legacy).orElseThrow();
    box.messages().send(new SendRequest(ALICE, BOB, "", null, attaching(blob))).join();
    // What a store from before the index holds: the message, no reference, no mark.
    box.close();
    store.deleteRange(Spaces.BLOB_REFS, new KeyRange(new byte[0], null));
    store.write(store.newBatch().delete(Spaces.STATE, StateKey.meta("blob-references"))).join();

    box = Letterbox.open(store, config().build());

    assertThat(box.blobAccess().read(Blobs.SERVICE, legacy)).contains(blob);
    assertThat(box.blobAccess().read(BOB, legacy)).contains(blob);
    assertThat(box.blobAccess().read(ALICE, legacy)).as("its uploader is unknown; it attached it").contains(blob);
    assertThat(box.blobAccess().read(CAROL, legacy)).isEmpty();
    assertThat(box.blobs().read(blob, 0, bytes.length)).isEqualTo(bytes);
  }

  private static long count(KeyValueStore s, io.letterbox.store.Space space) {
    long[] n = {0};
    s.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }
}
