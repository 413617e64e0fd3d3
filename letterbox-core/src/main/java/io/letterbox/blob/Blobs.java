package io.letterbox.blob;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.keys.BlobKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Blob;
import io.letterbox.keys.BlobUploadKey;
import io.letterbox.rows.BlobRow;
import io.letterbox.rows.BlobUploadRow;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * Blobs in the store: the bytes, content-addressed in the {@code blobs} space and stored once
 * however often they are uploaded, in chunks of {@link #CHUNK_BYTES} under a header; and each
 * upload's record in {@code blob_uploads} (decision 0022), under an opaque id that says nothing
 * about the bytes. An uploader sending the same bytes again gets its id again; another uploader
 * gets its own. Blobs are never changed; they outlive the messages that refer to them.
 *
 * <p>Who may read a blob is decided by the engine ({@code BlobAccess}); this class reads any.
 */
public final class Blobs {
  /** The largest {@code max-blob-bytes} a deployment may set: a blob is read into memory whole or by range. */
  public static final long MAX_BYTES = 1L << 30;
  /** A chunk: small enough for one HBase cell and one RocksDB value, large enough that a blob is few rows. */
  public static final int CHUNK_BYTES = 256 * 1024;
  public static final String DEFAULT_CONTENT_TYPE = "application/octet-stream";
  /** The uploader, or reader, that is a service: no user, reads every blob. */
  public static final long SERVICE = 0;
  private static final int MAX_CONTENT_TYPE = 255;
  private static final String TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
  /** RFC 9110's media-type: type "/" subtype, then parameters of tokens or quoted strings. */
  private static final Pattern MEDIA_TYPE = Pattern.compile(
      TOKEN + "/" + TOKEN + "(\\s*;\\s*" + TOKEN + "=(" + TOKEN + "|\"[^\"\\\\\\p{Cntrl}]*\"))*");
  /** Chunks per write: a 20 MiB blob is five batches of 4 MiB. */
  private static final int CHUNKS_PER_BATCH = 16;

  /** What an upload stored: the blob, and whether its id is new (false: the uploader sent these bytes before). */
  public record Stored(Blob blob, boolean created) {}

  private final KeyValueStore store;
  private final long maxBytes;

  public Blobs(KeyValueStore store, long maxBytes) {
    this.store = store;
    this.maxBytes = maxBytes;
  }

  /**
   * Stores {@code bytes} for {@code uploader} unless it uploaded them before. The bytes are
   * written (again, identically) even where another upload stored them already, so that how long
   * an upload takes does not tell whether given bytes exist.
   *
   * @param uploader    the user uploading, or {@link #SERVICE}
   * @param contentType its media type; null or blank for {@value #DEFAULT_CONTENT_TYPE}
   * @return the blob once durable; {@code created} false if {@code uploader} stored the same
   *     bytes before (its first upload's id and content type stay)
   */
  public CompletableFuture<Stored> put(long uploader, byte[] bytes, String contentType) {
    if (bytes.length > maxBytes) {
      throw new LetterboxException(ErrorCode.PAYLOAD_TOO_LARGE,
          "a blob is at most max-blob-bytes (" + maxBytes + " bytes): " + bytes.length);
    }
    if (uploader < 0) {
      throw new IllegalArgumentException("an uploader is a uid or SERVICE: " + uploader);
    }
    String type = contentType(contentType);
    byte[] hash = sha256(bytes);
    byte[] mine = store.get(Spaces.BLOB_UPLOADS, BlobUploadKey.uploaded(uploader, hash));
    if (mine != null) {
      BlobId id = BlobId.opaque(mine);
      BlobUploadRow row = BlobUploadRow.decode(store.get(Spaces.BLOB_UPLOADS, BlobUploadKey.id(mine)));
      if (row != null) {
        return CompletableFuture.completedFuture(new Stored(blob(id, row), false));
      }
    }
    BlobRow header = new BlobRow(bytes.length, CHUNK_BYTES, type);
    List<CompletableFuture<Void>> chunks = new ArrayList<>();
    for (int first = 0; first < header.chunks(); first += CHUNKS_PER_BATCH) {
      WriteBatch batch = store.newBatch();
      for (int i = first; i < Math.min(header.chunks(), first + CHUNKS_PER_BATCH); i++) {
        int from = i * CHUNK_BYTES;
        batch.put(Spaces.BLOBS, BlobKey.chunk(hash, i), Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + CHUNK_BYTES)));
      }
      chunks.add(store.write(batch));
    }
    BlobId id = BlobId.random();
    BlobUploadRow row = new BlobUploadRow(hash, uploader, bytes.length, type);
    // Each step is written once the one before is durable: a header means whole chunks, an id's
    // record a header, and an uploader's pointer a record.
    return CompletableFuture.allOf(chunks.toArray(CompletableFuture[]::new))
        .thenCompose(v -> store.get(Spaces.BLOBS, BlobKey.header(hash)) != null ? CompletableFuture.completedFuture(null)
            : store.write(store.newBatch().put(Spaces.BLOBS, BlobKey.header(hash), header.encode())))
        .thenCompose(v -> store.write(store.newBatch().put(Spaces.BLOB_UPLOADS, BlobUploadKey.id(id.bytes()), row.encode())))
        .thenCompose(v -> store.write(store.newBatch().put(Spaces.BLOB_UPLOADS, BlobUploadKey.uploaded(uploader, hash), id.bytes())))
        .thenApply(v -> new Stored(blob(id, row), true));
  }

  /**
   * @param id a blob id as a client gives it
   * @return the blob, or empty if none is stored under {@code id}; whoever may read it
   * @throws LetterboxException INVALID_ARGUMENT if {@code id} is not a blob id
   */
  public Optional<Blob> find(String id) {
    BlobId parsed = BlobId.parse(id);
    if (parsed.legacy()) {
      BlobRow row = BlobRow.decode(store.get(Spaces.BLOBS, BlobKey.header(parsed.bytes())));
      return row == null ? Optional.empty() : Optional.of(new Blob(id, row.size(), row.contentType(), SERVICE));
    }
    BlobUploadRow row = BlobUploadRow.decode(store.get(Spaces.BLOB_UPLOADS, BlobUploadKey.id(parsed.bytes())));
    return row == null ? Optional.empty() : Optional.of(blob(parsed, row));
  }

  /**
   * Reads {@code length} bytes of {@code blob} from byte {@code from}; the range must lie within it.
   */
  public byte[] read(Blob blob, long from, long length) {
    if (from < 0 || length < 0 || from + length > blob.size()) {
      throw new IllegalArgumentException("range " + from + "+" + length + " outside a blob of " + blob.size());
    }
    byte[] out = new byte[Math.toIntExact(length)];
    if (length == 0) {
      return out;
    }
    byte[] hash = contentHash(blob.id());
    int firstChunk = (int) (from / CHUNK_BYTES);
    int lastChunk = (int) ((from + length - 1) / CHUNK_BYTES);
    List<byte[]> keys = new ArrayList<>(lastChunk - firstChunk + 1);
    for (int i = firstChunk; i <= lastChunk; i++) {
      keys.add(BlobKey.chunk(hash, i));
    }
    List<byte[]> chunks = store.multiGet(Spaces.BLOBS, keys);
    int written = 0;
    for (int i = 0; i < chunks.size(); i++) {
      byte[] chunk = chunks.get(i);
      if (chunk == null) {
        throw new IllegalStateException("chunk " + (firstChunk + i) + " of " + blob.id() + " is missing");
      }
      long chunkStart = (long) (firstChunk + i) * CHUNK_BYTES;
      int at = (int) Math.max(0, from - chunkStart);
      int n = Math.min(chunk.length - at, out.length - written);
      System.arraycopy(chunk, at, out, written, n);
      written += n;
    }
    return out;
  }

  /** @return the SHA-256 of the bytes {@code id} names, which is stored */
  private byte[] contentHash(String id) {
    BlobId parsed = BlobId.parse(id);
    if (parsed.legacy()) {
      return parsed.bytes();
    }
    BlobUploadRow row = BlobUploadRow.decode(store.get(Spaces.BLOB_UPLOADS, BlobUploadKey.id(parsed.bytes())));
    if (row == null) {
      throw new IllegalStateException("no blob " + id);
    }
    return row.sha256();
  }

  /** @return {@code contentType} checked, or the default for none */
  static String contentType(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return DEFAULT_CONTENT_TYPE;
    }
    return mediaType(contentType);
  }

  /**
   * @return {@code mediaType} checked and normalized (type and subtype in lower case)
   * @throws LetterboxException INVALID_ARGUMENT if it is not a media type
   */
  public static String mediaType(String mediaType) {
    String t = mediaType.trim();
    if (t.length() > MAX_CONTENT_TYPE || !MEDIA_TYPE.matcher(t).matches()) {
      throw LetterboxException.invalid("Content-Type must be a media type such as image/png (at most %d characters): %s",
          MAX_CONTENT_TYPE, shown(t));
    }
    // Type and subtype are case-insensitive (RFC 9110): kept in lower case, parameters as given.
    int semicolon = t.indexOf(';');
    return semicolon < 0 ? t.toLowerCase(Locale.ROOT)
        : t.substring(0, semicolon).toLowerCase(Locale.ROOT) + t.substring(semicolon);
  }

  /** @return the type and subtype of a media type, in lower case, without its parameters */
  public static String essence(String mediaType) {
    int semicolon = mediaType.indexOf(';');
    return (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
  }

  private static Blob blob(BlobId id, BlobUploadRow row) {
    return new Blob(id.text(), row.size(), row.contentType(), row.uploader());
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  static String shown(String s) {
    return s == null ? "null" : s.length() > 80 ? s.substring(0, 80) + "…" : s;
  }
}
