package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * A blob a message refers to. In a request only {@code blob} is needed ({@code name} to show it,
 * {@code contentType} and {@code size} default to the blob's own).
 */
public record Attachment(String blob, String name, String contentType,
    @JsonFormat(shape = JsonFormat.Shape.NUMBER) Long size) {
  public static Attachment of(Blob blob, String name) {
    return new Attachment(blob.id(), name, null, null);
  }
}
