package io.letterbox.server.http.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.errors.ApiException;
import io.vertx.ext.web.RoutingContext;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;

/**
 * A request body read strictly: a JSON object whose fields are all known, each of the expected
 * type. Every accessor throws INVALID_ARGUMENT naming the field it could not use.
 */
public final class JsonBody {
  private final JsonNode object;
  private final String where;

  private JsonBody(JsonNode object, String where) {
    this.object = object;
    this.where = where;
  }

  /**
   * Reads the request body as a JSON object that has no fields other than {@code allowed}.
   *
   * @throws ApiException 415 when the body declares another media type, INVALID_JSON when it is
   *     not a JSON object
   */
  public static JsonBody of(RoutingContext ctx, String... allowed) {
    String type = ctx.request().getHeader("Content-Type");
    // The body reader refused a non-empty body without a JSON type (415); an empty one has none.
    if (type != null && !MediaTypes.isJson(type)) {
      throw ApiException.unsupportedMediaType(type);
    }
    JsonNode node = tree(ctx);
    if (!node.isObject()) {
      throw ApiException.invalidJson("the request body must be a JSON object");
    }
    return new JsonBody(node, "").only(allowed);
  }

  /**
   * The request body as a JSON tree, read once per request (what reads it first, such as the
   * user-token check, leaves it for the handler).
   *
   * @throws LetterboxException INVALID_JSON (or INVALID_ARGUMENT) when it is not valid JSON text
   */
  public static JsonNode tree(RoutingContext ctx) {
    JsonNode node = ctx.get(TREE);
    if (node == null) {
      node = Json.read(ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes());
      ctx.put(TREE, node);
    }
    return node;
  }

  private static final String TREE = "letterbox.json-body";

  /** Reads {@code node}, an element of a request, as an object with only {@code allowed} fields. */
  public static JsonBody of(JsonNode node, String where, String... allowed) {
    if (!node.isObject()) {
      throw LetterboxException.invalid("%s must be a JSON object", where);
    }
    return new JsonBody(node, where + ".").only(allowed);
  }

  private JsonBody only(String... allowed) {
    Set<String> known = Set.of(allowed);
    for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!known.contains(name)) {
        throw LetterboxException.invalid("unknown field %s%s; allowed: %s", where, name, String.join(", ", allowed));
      }
    }
    return this;
  }

  public long id(String field) {
    return Ids64.parse(where + field, required(field));
  }

  public Optional<Long> optionalId(String field) {
    return present(field) ? Optional.of(id(field)) : Optional.empty();
  }

  public String string(String field) {
    JsonNode n = required(field);
    if (!n.isTextual()) {
      throw LetterboxException.invalid("%s%s must be a string", where, field);
    }
    return n.textValue();
  }

  public Optional<String> optionalString(String field) {
    return present(field) ? Optional.of(string(field)) : Optional.empty();
  }

  /** @return a boolean field if present; any other JSON type is refused */
  public Optional<Boolean> optionalBoolean(String field) {
    if (!present(field)) {
      return Optional.empty();
    }
    JsonNode n = required(field);
    if (!n.isBoolean()) {
      throw LetterboxException.invalid("%s%s must be true or false", where, field);
    }
    return Optional.of(n.booleanValue());
  }

  /** @return an integer field that fits an int; fractions and strings are refused */
  public int integer(String field) {
    JsonNode n = required(field);
    if (!n.isIntegralNumber() || !n.canConvertToInt()) {
      throw LetterboxException.invalid("%s%s must be an integer", where, field);
    }
    return n.intValue();
  }

  public JsonNode array(String field) {
    JsonNode n = required(field);
    if (!n.isArray()) {
      throw LetterboxException.invalid("%s%s must be an array", where, field);
    }
    return n;
  }

  /** @return an array of ids (strings or numbers) */
  public long[] ids(String field) {
    JsonNode n = array(field);
    long[] out = new long[n.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Ids64.parse(where + field + "[" + i + "]", n.get(i));
    }
    return out;
  }

  /** @return an object of string values; absent or null means empty */
  public java.util.Map<String, String> optionalStringMap(String field) {
    if (!present(field)) {
      return java.util.Map.of();
    }
    JsonNode n = object.get(field);
    if (!n.isObject()) {
      throw LetterboxException.invalid("%s%s must be an object of strings", where, field);
    }
    java.util.Map<String, String> out = new java.util.TreeMap<>();
    for (Iterator<java.util.Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
      java.util.Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isTextual()) {
        throw LetterboxException.invalid("%s%s.%s must be a string", where, field, e.getKey());
      }
      out.put(e.getKey(), e.getValue().textValue());
    }
    return out;
  }

  /** @return a nested object field, read as strictly as the body */
  public JsonBody object(String field, String... allowed) {
    JsonNode n = required(field);
    return of(n, where + field, allowed);
  }

  /** @return the raw field, for bodies whose allowed fields depend on another one */
  public JsonNode node() {
    return object;
  }

  /** A field set to null counts as absent, so that clients may send optional fields as null. */
  /** Whether the body names {@code field}, as null too. */
  public boolean names(String field) {
    return object.has(field);
  }

  /** @return an ISO-8601 duration field if present (not null), such as PT1H; any other value is refused */
  public Optional<java.time.Duration> optionalDuration(String field) {
    if (!present(field)) {
      return Optional.empty();
    }
    String text = string(field);
    try {
      return Optional.of(java.time.Duration.parse(text));
    } catch (java.time.format.DateTimeParseException e) {
      throw LetterboxException.invalid("%s%s must be an ISO-8601 duration such as PT1H: %s", where, field, text);
    }
  }

  private boolean present(String field) {
    JsonNode n = object.get(field);
    return n != null && !n.isNull();
  }

  private JsonNode required(String field) {
    if (!present(field)) {
      throw LetterboxException.invalid("%s%s is required", where, field);
    }
    return object.get(field);
  }
}
