package io.letterbox.bench.workload;

import java.util.SplittableRandom;

/**
 * Texts made of words with Zipf frequencies, for search: a vocabulary of Chinese words (two or
 * three characters of the 500 most used) and Latin words (two to four syllables), ranked; a text
 * has 2 to 40 words (about 8 on average), each drawn by rank (a few words are in most texts, most
 * words are rare), Chinese words written together and Latin ones apart. The vocabulary is
 * synthetic (issue 16 asks for a real one): what matters here is how often each word occurs.
 */
public final class WordTexts {
  private static final String HAN = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后"
      + "小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此"
      + "实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内"
      + "加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利"
      + "受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管"
      + "夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识"
      + "极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落"
      + "视济喜离虽坐集编宝谈府拉黑且随格尽剑讲布杀微怕母调局根曾准团段终乐切级克精哪官示冷域纸态";
  private static final String[] SYLLABLES = syllables();

  private final String[] words;
  private final SplittableRandom shuffle;

  /** @param vocabulary words in the vocabulary, ranked by frequency */
  public WordTexts(long seed, int vocabulary) {
    this.shuffle = new SplittableRandom(seed);
    this.words = new String[vocabulary];
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < vocabulary; i++) {
      String w;
      do {
        w = shuffle.nextInt(10) < 7 ? han(shuffle) : latin(shuffle);
      } while (!seen.add(w));
      words[i] = w;
    }
  }

  /** The word of frequency rank {@code rank} (0: the most frequent). */
  public String word(int rank) {
    return words[rank];
  }

  /** A word drawn by frequency. */
  public String word(SplittableRandom random) {
    return words[PowerLaw.rank(random, words.length)];
  }

  /** A text of 2..40 words drawn by frequency. */
  public String text(SplittableRandom random) {
    int n = (int) Math.min(40, 2 + Math.round(-6 * Math.log(1 - random.nextDouble())));
    StringBuilder b = new StringBuilder(n * 4);
    boolean lastLatin = false;
    for (int i = 0; i < n; i++) {
      String w = word(random);
      boolean latin = w.charAt(0) < 0x80;
      if (b.length() > 0 && (latin || lastLatin)) {
        b.append(' ');
      }
      b.append(w);
      lastLatin = latin;
    }
    return b.toString();
  }

  private static String han(SplittableRandom random) {
    int n = 2 + (random.nextInt(4) == 0 ? 1 : 0);
    StringBuilder b = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      b.append(HAN.charAt(random.nextInt(HAN.length())));
    }
    return b.toString();
  }

  private static String latin(SplittableRandom random) {
    int n = 2 + random.nextInt(3);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
    }
    return b.toString();
  }

  private static String[] syllables() {
    String consonants = "bcdfghjklmnprstvwz";
    String vowels = "aeiou";
    String[] out = new String[consonants.length() * vowels.length()];
    int i = 0;
    for (char c : consonants.toCharArray()) {
      for (char v : vowels.toCharArray()) {
        out[i++] = "" + c + v;
      }
    }
    return out;
  }
}
