package io.letterbox.server.config;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The media types of blobs a browser may show in place (setting {@code inline-blob-types}): each
 * {@code type/subtype}, or {@code type/*} for every subtype. A blob of another type is served as a
 * download in a sandbox, so that bytes a user uploaded never run as a page of the API's origin.
 *
 * @param types the types in lower case, as configured
 */
public record InlineBlobTypes(List<String> types) {
  private static final Pattern TYPE = Pattern.compile("[a-z0-9!#$&^_.+-]+/([a-z0-9!#$&^_.+-]+|\\*)");

  public InlineBlobTypes {
    types = types.stream().map(t -> t.trim().toLowerCase(Locale.ROOT)).toList();
    for (String t : types) {
      if (!TYPE.matcher(t).matches()) {
        throw new IllegalArgumentException("inline-blob-types must list media types such as image/png or audio/*: '" + t + "'");
      }
    }
  }

  /** @return whether a blob of {@code contentType} (parameters ignored) may be shown in place */
  public boolean inline(String contentType) {
    int semicolon = contentType.indexOf(';');
    String essence = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    int slash = essence.indexOf('/');
    for (String t : types) {
      if (t.equals(essence) || (t.endsWith("/*") && slash > 0 && t.regionMatches(0, essence, 0, slash + 1)
          && t.length() == slash + 2)) {
        return true;
      }
    }
    return false;
  }
}
