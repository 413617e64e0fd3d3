package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import java.nio.charset.StandardCharsets;

/**
 * Small per-owner records: owner(8) tag(1) rest. Owner 0 (never a uid) holds the deployment's
 * own records.
 */
public final class StateKey {
  public static final int OWNER_PREFIX = 8;

  private static final byte READ_POSITION = 'r';
  private static final byte CONVERSATION_WATERMARK = 'w';
  private static final byte OWNER_WATERMARK = 'W';
  private static final byte META = 'm';
  private static final byte LATEST_BROADCAST = 'b';
  private static final byte NEWEST_BROADCAST = 'B';
  private static final byte JOB = 'j';
  private static final byte BIG_SENDER = 'g';
  private static final byte SETTINGS = 's';
  private static final byte HOLD = 'h';
  private static final byte ERASURE = 'e';

  private StateKey() {}

  /**
   * owner 'r' peer(8) device: the device's read position in one conversation, in stores from
   * before positions moved into the conversation row (read only by the pass that moves them).
   */
  public static byte[] readPosition(long owner, long peer, String device) {
    byte[] d = device.getBytes(StandardCharsets.US_ASCII);
    byte[] k = new byte[17 + d.length];
    Bytes.putLong(k, 0, owner);
    k[8] = READ_POSITION;
    Bytes.putLong(k, 9, peer);
    System.arraycopy(d, 0, k, 17, d.length);
    return k;
  }

  public static boolean isReadPosition(byte[] key) {
    return key.length > 17 && key[8] == READ_POSITION;
  }

  public static long readPositionPeer(byte[] key) {
    return Bytes.getLong(key, 9);
  }

  /** owner 'w' peer(8): the conversation is cleared up to the stored id. */
  public static byte[] conversationWatermark(long owner, long peer) {
    byte[] k = tagged(owner, CONVERSATION_WATERMARK, 17);
    Bytes.putLong(k, 9, peer);
    return k;
  }

  /** Every conversation watermark of the owner. */
  public static KeyRange conversationWatermarks(long owner) {
    return KeyRange.prefix(tagged(owner, CONVERSATION_WATERMARK, 9));
  }

  public static long conversationWatermarkPeer(byte[] key) {
    return Bytes.getLong(key, 9);
  }

  /** owner 'W': every conversation of the owner is cleared up to the stored id. */
  public static byte[] ownerWatermark(long owner) {
    return tagged(owner, OWNER_WATERMARK, 9);
  }

  /** owner 's': the user's own settings ({@code UserSettingsRow}); none until it sets one. */
  public static byte[] settings(long owner) {
    return tagged(owner, SETTINGS, 9);
  }

  /**
   * sender 'b': the id of the sender's newest broadcast, in stores from before those ids moved
   * under owner 0 (read only by the pass that moves them).
   */
  public static byte[] latestBroadcast(long sender) {
    return tagged(sender, LATEST_BROADCAST, 9);
  }

  public static boolean isLatestBroadcast(byte[] key) {
    return key.length == 9 && key[8] == LATEST_BROADCAST;
  }

  /**
   * 0 'B' sender: the id of the sender's newest broadcast. Every sender's is under owner 0, in
   * sender order, so that they are read together (a reader loads them all at start).
   */
  public static byte[] newestBroadcast(long sender) {
    return deploymentRecord(NEWEST_BROADCAST, sender);
  }

  public static KeyRange newestBroadcasts() {
    return deploymentRecords(NEWEST_BROADCAST);
  }

  /** 0 'j' id: a broadcast whose fan-out has not finished. */
  public static byte[] job(long broadcastId) {
    return deploymentRecord(JOB, broadcastId);
  }

  public static KeyRange jobs() {
    return deploymentRecords(JOB);
  }

  /** 0 'g' sender: a sender whose broadcasts reach many, whose audience heads are pre-warmed. */
  public static byte[] bigSender(long sender) {
    return deploymentRecord(BIG_SENDER, sender);
  }

  public static KeyRange bigSenders() {
    return deploymentRecords(BIG_SENDER);
  }

  /** owner 'h': the user is on legal hold (decision 0044); no row when it is not. */
  public static byte[] hold(long owner) {
    return tagged(owner, HOLD, 9);
  }

  /** 0 'e' uid: the newest erasure of the user ({@code ErasureRow}), running or done (decision 0044). */
  public static byte[] erasure(long uid) {
    return deploymentRecord(ERASURE, uid);
  }

  public static KeyRange erasures() {
    return deploymentRecords(ERASURE);
  }

  /** The id (a broadcast's, a sender's or a user's) of a job, big-sender, newest-broadcast or erasure key. */
  public static long recordId(byte[] key) {
    return Bytes.getLong(key, 9);
  }

  /** 0 tag id: a record of the deployment about one id, kept in id order with its kind. */
  private static byte[] deploymentRecord(byte tag, long id) {
    byte[] k = tagged(0, tag, 17);
    Bytes.putLong(k, 9, id);
    return k;
  }

  private static KeyRange deploymentRecords(byte tag) {
    return KeyRange.prefix(tagged(0, tag, 9));
  }

  /** 0 'm' name: a record of the deployment itself. */
  public static byte[] meta(String name) {
    byte[] n = name.getBytes(StandardCharsets.US_ASCII);
    byte[] k = tagged(0, META, 9 + n.length);
    System.arraycopy(n, 0, k, 9, n.length);
    return k;
  }

  public static long owner(byte[] key) {
    return Bytes.getLong(key, 0);
  }

  /** Whether {@code key} is the deployment record {@code name}. */
  public static boolean isMeta(byte[] key, String name) {
    return java.util.Arrays.equals(key, meta(name));
  }

  private static byte[] tagged(long owner, byte tag, int length) {
    byte[] k = new byte[length];
    Bytes.putLong(k, 0, owner);
    k[8] = tag;
    return k;
  }
}
