package io.letterbox.client;

import static io.letterbox.client.internal.Route.GET_BLOB;
import static io.letterbox.client.internal.Route.GET_BLOB_HEADERS;
import static io.letterbox.client.internal.Route.UPLOAD_BLOB;

import io.letterbox.client.internal.Decoder;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.io.FileNotFoundException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Attachments' bytes, streamed both ways: an upload reads its source as it sends, a download hands
 * over the body as it arrives. Sending the same bytes again is safe: the uploader gets the same id.
 */
public final class Blobs extends Resource {
  Blobs(Transport transport) {
    super(transport);
  }

  /** Uploads a file, read as it is sent (again on a retry). */
  public Call<Blob> upload(Path file, String contentType) {
    return publish(() -> {
      try {
        return BodyPublishers.ofFile(file);
      } catch (FileNotFoundException e) {
        throw new UncheckedIOException(e);
      }
    }, contentType);
  }

  /**
   * Uploads what {@code source} gives, read as it is sent.
   *
   * @param source opened once per attempt; each stream must give the same bytes
   */
  @Maps(UPLOAD_BLOB)
  public Call<Blob> upload(Supplier<InputStream> source, String contentType) {
    return publish(() -> BodyPublishers.ofInputStream(source), contentType);
  }

  public Call<Blob> upload(byte[] bytes, String contentType) {
    return publish(() -> BodyPublishers.ofByteArray(bytes), contentType);
  }

  private Call<Blob> publish(Supplier<java.net.http.HttpRequest.BodyPublisher> body, String contentType) {
    return call(Spec.of(UPLOAD_BLOB).body(body, contentType, true), Blob.class);
  }

  /** The whole blob, streamed: close the answer when done. */
  public Call<BlobContent> download(String id) {
    return download(id, null);
  }

  /** @param range an HTTP range such as {@code bytes=0-1023} (206), or null for all of it */
  @Maps(GET_BLOB)
  public Call<BlobContent> download(String id, String range) {
    return call(Spec.of(GET_BLOB, id).header("Range", range), r -> new BlobContent(headers(r), r.body()));
  }

  /** What a download of the blob would say, without its bytes. */
  @Maps(GET_BLOB_HEADERS)
  public Call<BlobHeaders> headers(String id) {
    Decoder<Void> none = Decoder.none();
    return call(Spec.of(GET_BLOB_HEADERS, id), r -> {
      none.decode(r);
      return headers(r);
    });
  }

  private static BlobHeaders headers(HttpResponse<?> r) {
    return new BlobHeaders(r.statusCode(), r.headers().firstValue("Content-Type").orElse(null),
        r.headers().firstValueAsLong("Content-Length").orElse(-1), r.headers().firstValue("ETag").orElse(null),
        r.headers().firstValue("Content-Range").orElse(null));
  }
}
