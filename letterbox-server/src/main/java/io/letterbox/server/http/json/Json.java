package io.letterbox.server.http.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.errors.ApiException;
import java.io.CharArrayReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** The server's one Jackson mapper, strict on input. */
public final class Json {
  private static final ObjectMapper MAPPER = JsonMapper.builder()
      // {"a":1,"a":2} is ambiguous: refuse it rather than pick one.
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      // "{...} garbage" is malformed, not a document followed by noise.
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .build();

  private Json() {}

  /** @return a generator writing to {@code out} as {@link #write} writes, escapes and encodes */
  static com.fasterxml.jackson.core.JsonGenerator generator(java.io.OutputStream out) throws IOException {
    return MAPPER.getFactory().createGenerator(out);
  }

  public static byte[] write(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Every string of a request, names included, must be Unicode text without NUL. A lone surrogate
   * ({@code "\\ud800"}) is valid JSON syntax but no character: it cannot be stored as UTF-8 and
   * would read back as {@code ?}, so what was acknowledged would differ from what is kept. NUL is
   * refused by policy: it is no text, and many systems a DM travels to end a string at it.
   */
  private static void requireUnicode(JsonNode node, String path) {
    if (node.isTextual()) {
      requireUnicode(node.textValue(), path.isEmpty() ? "a string" : path);
    } else if (node.isContainerNode()) {
      int i = 0;
      for (java.util.Iterator<java.util.Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        java.util.Map.Entry<String, JsonNode> field = it.next();
        String name = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
        requireUnicode(field.getKey(), "a field name in " + (path.isEmpty() ? "the body" : path));
        requireUnicode(field.getValue(), name);
      }
      if (node.isArray()) {
        for (JsonNode element : node) {
          requireUnicode(element, path + "[" + i++ + "]");
        }
      }
    }
  }

  /**
   * Jackson's UTF-8 reader takes an overlong form ({@code C0 AF}) as the character it encodes
   * ({@code /}); RFC 3629 forbids those forms, and a body that passes a byte-level filter and then
   * reads as something else is how such forms are abused. The JDK's decoder refuses them.
   */
  private static CharBuffer utf8(byte[] bytes) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    // UTF-8 never has more chars than bytes.
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult result = decoder.decode(in, out, true);
    if (result.isError()) {
      throw ApiException.invalidJson("the request body is not UTF-8: invalid byte sequence at byte " + in.position());
    }
    return out.flip();
  }

  private static void requireUnicode(String s, String where) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == 0) {
        throw LetterboxException.invalid("%s contains NUL (U+0000) at character %d: it is not accepted in text", where, i);
      }
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw LetterboxException.invalid("%s contains a lone surrogate (\\u%04x) at character %d: it must be Unicode text",
            where, (int) c, i);
      }
    }
  }

  /** @throws ApiException INVALID_JSON when {@code bytes} is not one JSON document in UTF-8 */
  public static JsonNode read(byte[] bytes) {
    // Parsed from the decoded text: given bytes, Jackson guesses their encoding, and a body that
    // starts with three NULs (valid UTF-8) was read as UTF-32 and failed as a 500.
    CharBuffer text = utf8(bytes);
    try {
      JsonNode node = MAPPER.readTree(new CharArrayReader(text.array(), 0, text.limit()));
      if (node == null || node.isMissingNode()) {
        throw ApiException.invalidJson("the request body is empty; a JSON object is required");
      }
      requireUnicode(node, "");
      return node;
    } catch (JsonProcessingException e) {
      throw ApiException.invalidJson("malformed JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
