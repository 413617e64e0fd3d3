package io.letterbox.client;

import com.fasterxml.jackson.core.type.TypeReference;
import io.letterbox.client.internal.Decoder;
import io.letterbox.client.internal.HttpCall;
import io.letterbox.client.internal.Route;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.util.UUID;

/** What every group of calls shares: making calls and listings over the transport. */
abstract class Resource {
  static final TypeReference<Page<Message>> MESSAGES = new TypeReference<>() {};

  final Transport transport;

  Resource(Transport transport) {
    this.transport = transport;
  }

  <T> Call<T> call(Spec.Builder spec, Decoder<T> decoder) {
    return new HttpCall<>(transport, spec.build(), decoder);
  }

  <T> Call<T> call(Spec.Builder spec, Class<T> answer) {
    return call(spec, Decoder.json(answer));
  }

  Call<Void> call(Spec.Builder spec) {
    return call(spec, Decoder.none());
  }

  /** A listing of {@code route}'s pages; {@code spec} gives the request without limit and cursor. */
  <T> Listing<T> listing(java.util.function.Supplier<Spec.Builder> spec, TypeReference<Page<T>> page) {
    Decoder<Page<T>> decoder = Decoder.json(page);
    return new Listing<>((cursor, limit) -> call(spec.get().query("cursor", cursor).query("limit", limit), decoder),
        null);
  }

  Listing<Message> messages(Route route, Object... pathArgs) {
    return listing(() -> Spec.of(route, pathArgs), MESSAGES);
  }

  /** A read position of {@code uid} in a conversation or group: on {@code device}, up to {@code upTo} (null: all). */
  Call<Void> read(Route route, long uid, long conversation, String device, Long upTo) {
    return call(Spec.of(route, uid, conversation).json(new ReadPosition(device, upTo)));
  }

  /** The caller's key, or a new one: fixed when the call is made, so its retries carry the same. */
  static String keyOr(String given) {
    return given != null ? given : UUID.randomUUID().toString();
  }
}
