package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.UsersAndServices;
import org.junit.jupiter.api.Test;

/**
 * Bytes a user uploaded never run as a page of the API's origin: a blob of a type browsers would
 * render with script (HTML, SVG, anything not listed in inline-blob-types) is a sandboxed
 * download, and a message cannot dress such a blob up as an image.
 */
class UnsafeBlobServingTest extends UsersAndServices {
  private static final String PAGE = "<html><script>fetch('/v1/users/1/conversations')</script></html>";

  private static String q(long uid) {
    return "\"" + uid + "\"";
  }

  private static void assertSandboxedDownload(Reply r) {
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Disposition")).hasValue("attachment");
    assertThat(r.headers().firstValue("Content-Security-Policy")).hasValue("sandbox");
    assertThat(r.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
  }

  private static void assertInline(Reply r) {
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Disposition")).isEmpty();
    assertThat(r.headers().firstValue("Content-Security-Policy")).isEmpty();
  }

  @Test
  void anHtmlOrSvgUploadIsServedAsASandboxedDownloadAndImagesSoundAndTextInline() {
    Api a = as(TestServers.freshUid());
    String html = upload(a, PAGE, "text/html; charset=utf-8");
    String svg = upload(a, "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "image/svg+xml");

    assertSandboxedDownload(a.get("/v1/blobs/" + html));
    assertSandboxedDownload(a.send("HEAD", "/v1/blobs/" + svg, null, null));
    assertSandboxedDownload(a.get("/v1/blobs/" + upload(a, "?", "application/octet-stream")));
    assertInline(a.get("/v1/blobs/" + upload(a, "\u0089PNG", "image/png")));
    assertInline(a.get("/v1/blobs/" + upload(a, "OggS", "Audio/Ogg")));
    assertInline(a.get("/v1/blobs/" + upload(a, "hello", "text/plain; charset=utf-8")));
  }

  @Test
  void aMessageClaimingImagePngForAnHtmlBlobIs400() {
    long from = TestServers.freshUid();
    long to = TestServers.freshUid();
    String html = upload(as(from), PAGE, "text/html");

    Reply r = as(from).post("/v1/messages", "{\"from\":" + q(from) + ",\"to\":" + q(to) + ",\"type\":\"image\","
        + "\"attachments\":[{\"blob\":\"" + html + "\",\"contentType\":\"image/png\"}]}");

    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorCode()).isEqualTo("INVALID_ARGUMENT");
    assertThat(as(to).get("/v1/blobs/" + html).status()).as("nothing was sent").isEqualTo(404);
  }

  @Test
  void attachingABlobTheSenderCannotReadIs400AsForAnUnknownBlob() {
    long owner = TestServers.freshUid();
    long thief = TestServers.freshUid();
    long accomplice = TestServers.freshUid();
    String theirs = upload(as(owner), "owner's private scan", "image/png");
    String unknown = "AAAAAAAAAAAAAAAAAAAAAA";

    Reply stolen = as(thief).post("/v1/messages", attaching("\"from\":" + q(thief) + ",\"to\":" + q(accomplice), theirs));
    Reply none = as(thief).post("/v1/messages", attaching("\"from\":" + q(thief) + ",\"to\":" + q(accomplice), unknown));

    assertThat(stolen.status()).isEqualTo(400);
    assertThat(stolen.body().replace(theirs, unknown)).as("the answer for a blob that does not exist")
        .isEqualTo(none.body());
    assertThat(as(accomplice).get("/v1/blobs/" + theirs).status()).isEqualTo(404);
  }
}
