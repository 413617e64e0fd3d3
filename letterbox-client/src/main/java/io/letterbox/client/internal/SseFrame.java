package io.letterbox.client.internal;

/** The fields of one Server-Sent Event, gathered line by line (the subset of the format the server writes). */
final class SseFrame {
  String id;
  String event;
  String data;

  /** @return true when {@code line} ends the event (a blank line after some field) */
  boolean accept(String line) {
    if (line.isEmpty()) {
      return id != null || event != null || data != null;
    }
    if (line.startsWith(":")) {
      return false; // a comment: ": connected", keep-alives
    }
    int colon = line.indexOf(':');
    String field = colon < 0 ? line : line.substring(0, colon);
    String value = colon < 0 ? "" : line.substring(colon + 1).replaceFirst("^ ", "");
    switch (field) {
      case "id" -> id = value;
      case "event" -> event = value;
      case "data" -> data = data == null ? value : data + "\n" + value;
      default -> {
        // retry: and unknown fields are ignored, as the format says
      }
    }
    return false;
  }
}
