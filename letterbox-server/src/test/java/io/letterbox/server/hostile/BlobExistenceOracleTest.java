package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.UsersAndServices;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Uploading bytes does not tell whether someone else stored them: another uploader of the same
 * bytes gets 201 and an id of its own, and nothing it gets names the bytes' hash.
 */
class BlobExistenceOracleTest extends UsersAndServices {
  @Test
  void anotherUserUploadingTheSameBytesGets201AndItsOwnIdAndTheSameUploaderAgainGets200() throws Exception {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    byte[] secret = ("the same secret bytes " + a).getBytes(StandardCharsets.UTF_8);
    String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret));

    Reply first = as(a).post("/v1/blobs", secret, "application/pdf");
    Reply other = as(b).post("/v1/blobs", secret, "application/pdf");
    Reply again = as(a).post("/v1/blobs", secret, "application/pdf");

    assertThat(first.status()).isEqualTo(201);
    assertThat(other.status()).as("as if the bytes were new").isEqualTo(201);
    String id = first.json().get("id").asText();
    assertThat(other.json().get("id").asText()).isNotEqualTo(id);
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json().get("id").asText()).isEqualTo(id);
    for (Reply r : new Reply[] {first, other, again}) {
      assertThat(r.body()).doesNotContain(hash);
      assertThat(r.headers().allValues("Location").toString()).doesNotContain(hash);
    }
    assertThat(as(b).get("/v1/blobs/" + id).status()).as("b's upload gives it no access to a's").isEqualTo(404);
    assertThat(as(b).get("/v1/blobs/sha256:" + hash).status()).as("nor does naming the bytes").isEqualTo(404);
    assertThat(as(a).get("/v1/blobs/" + id).headers().firstValue("ETag")).hasValue("\"" + id + "\"");
  }
}
