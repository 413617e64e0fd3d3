package io.letterbox.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** A blob's bytes as they arrive: read {@code body} and close it (or this). */
public record BlobContent(BlobHeaders headers, InputStream body) implements AutoCloseable {
  /** @return every byte of the body, which is then closed */
  public byte[] readAllBytes() {
    try (InputStream in = body) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      body.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
