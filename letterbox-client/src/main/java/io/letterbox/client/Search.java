package io.letterbox.client;

import static io.letterbox.client.internal.Route.SEARCH_MESSAGES;

import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;

/** Keyword search in what a user can see. */
public final class Search extends Resource {
  Search(Transport transport) {
    super(transport);
  }

  /** Messages {@code uid} can see that contain every word of the query, newest first. */
  @Maps(SEARCH_MESSAGES)
  public Listing<Message> messages(long uid, SearchQuery query) {
    return listing(() -> Spec.of(SEARCH_MESSAGES, uid).query("q", query.q()).query("peer", query.peer())
        .query("group", query.group()).query("after", query.after()).query("before", query.before()), MESSAGES);
  }
}
