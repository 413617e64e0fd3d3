package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.UsersAndServices;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * A blob is read by its uploader, by whoever can see a message that attaches it, and by services;
 * anyone else gets exactly the answer of a blob that does not exist.
 */
class PrivateBlobsTest extends UsersAndServices {
  private static final String UNKNOWN = "AAAAAAAAAAAAAAAAAAAAAA";

  private static String q(long uid) {
    return "\"" + uid + "\"";
  }

  /** Asserts that {@code reader} gets the 404 of an unknown blob for {@code id}. */
  private static void assertNotReadable(Api reader, String id) {
    Reply theirs = reader.get("/v1/blobs/" + id);
    Reply unknown = reader.get("/v1/blobs/" + UNKNOWN);
    assertThat(theirs.status()).isEqualTo(404);
    assertThat(theirs.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(theirs.body().replace(id, UNKNOWN)).as("the body of a blob that does not exist").isEqualTo(unknown.body());
    assertThat(reader.send("HEAD", "/v1/blobs/" + id, null, null).status()).isEqualTo(404);
  }

  @Test
  void aUserCannotReadAnotherUsersPrivateAttachmentButItsReceiverAndServicesCan() {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    long stranger = TestServers.freshUid();
    String blob = upload(as(a), "a's photo", "image/png");

    assertNotReadable(as(b), blob);
    assertThat(as(a).get("/v1/blobs/" + blob).body()).as("its uploader reads it").isEqualTo("a's photo");
    assertThat(as(a).post("/v1/messages", attaching("\"from\":" + q(a) + ",\"to\":" + q(b), blob)).status())
        .isEqualTo(201);

    assertThat(as(b).get("/v1/blobs/" + blob).body()).as("the receiver reads it").isEqualTo("a's photo");
    assertNotReadable(as(stranger), blob);
    assertThat(service.get("/v1/blobs/" + blob).status()).isEqualTo(200);
  }

  @Test
  void aGroupMemberWhoSeesTheMessageReadsItsBlobAndANonMemberDoesNot() {
    long a = TestServers.freshUid();
    long member = TestServers.freshUid();
    long outsider = TestServers.freshUid();
    String group = service.post("/v1/groups", "{\"by\":" + q(a) + ",\"name\":\"g\",\"members\":[" + q(member) + "]}")
        .json().get("id").asText();
    String blob = upload(as(a), "a's group photo", "image/png");

    assertThat(as(a).post("/v1/groups/" + group + "/messages", attaching("\"from\":" + q(a), blob)).status())
        .isEqualTo(201);

    assertThat(as(member).get("/v1/blobs/" + blob).status()).isEqualTo(200);
    assertNotReadable(as(outsider), blob);
  }

  @Test
  void aBroadcastsReceiverReadsItsBlobAndANonReceiverDoesNot() {
    long sender = TestServers.freshUid();
    long receiver = TestServers.freshUid();
    long other = TestServers.freshUid();
    String blob = upload(as(sender), "the news's cover", "image/png");

    Reply accepted = service.post("/v1/broadcasts", attaching("\"from\":" + q(sender)
        + ",\"audience\":{\"type\":\"uids\",\"uids\":[" + q(receiver) + "]}", blob));

    assertThat(accepted.status()).isEqualTo(202);
    Awaitility.await().atMost(Duration.ofMinutes(1))
        .until(() -> as(receiver).get("/v1/blobs/" + blob).status() == 200);
    assertNotReadable(as(other), blob);
  }
}
