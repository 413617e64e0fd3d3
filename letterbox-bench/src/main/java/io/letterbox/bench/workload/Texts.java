package io.letterbox.bench.workload;

import java.util.SplittableRandom;

/**
 * Message texts: a fixed pool of mixed Chinese and Latin texts of 8 to 140 characters (about 45
 * on average, as short DMs are), picked by index, so generating one costs nothing.
 */
public final class Texts {
  private static final int POOL = 4096;
  private static final String HAN = "私信会话消息内容群发新闻今天明天我们你好谢谢关注粉丝回复收到已读删除时间用户";
  private static final String LATIN = "abcdefghijklmnopqrstuvwxyz0123456789";
  private static final String[] POOLED = build(new SplittableRandom(20_240_601));

  private Texts() {}

  public static String pick(SplittableRandom random) {
    return POOLED[random.nextInt(POOL)];
  }

  public static String at(long index) {
    return POOLED[(int) Math.floorMod(index, (long) POOL)];
  }

  private static String[] build(SplittableRandom random) {
    String[] texts = new String[POOL];
    for (int i = 0; i < POOL; i++) {
      // Mostly short, now and then long: 8 + an exponential tail, at most 140.
      int length = (int) Math.min(140, 8 + Math.round(-37 * Math.log(1 - random.nextDouble())));
      StringBuilder b = new StringBuilder(length);
      for (int c = 0; c < length; c++) {
        String from = random.nextInt(3) == 0 ? LATIN : HAN;
        b.append(from.charAt(random.nextInt(from.length())));
      }
      texts[i] = b.toString();
    }
    return texts;
  }
}
