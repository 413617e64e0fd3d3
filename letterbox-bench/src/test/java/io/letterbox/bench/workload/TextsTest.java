package io.letterbox.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TextsTest {
  @Test
  void textsAreGeneratedAnewWithShortMessagesMostCommon() {
    SplittableRandom random = new SplittableRandom(42);
    Set<String> distinct = new HashSet<>();
    int[] lengths = new int[10_000];
    for (int i = 0; i < lengths.length; i++) {
      String text = Texts.pick(random);
      distinct.add(text);
      lengths[i] = text.codePointCount(0, text.length());
    }
    Arrays.sort(lengths);

    assertThat(distinct).hasSizeGreaterThan(9_900);
    assertThat(lengths[lengths.length / 2]).isBetween(9, 16);
    assertThat(lengths[lengths.length - 1]).isLessThanOrEqualTo(520);
  }

  @Test
  void aTextByNumberIsTheSameForEveryCaller() {
    assertThat(Texts.at(7)).isEqualTo(Texts.at(7)).isNotEqualTo(Texts.at(8));
  }

  @Test
  void textsOfConsecutiveNumbersShareNoRunOfWords() {
    // A text's first 6 characters (2-3 words, mostly) are seldom in any of its 3 neighbours either
    // side (texts longer than 12 characters): the texts' random streams do not overlap.
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      String t = Texts.at(1_000 + i);
      if (t.length() > 12) {
        texts.add(t);
      }
    }
    int shared = 0;
    for (int i = 0; i < texts.size(); i++) {
      String head = texts.get(i).substring(0, 6);
      for (int j = Math.max(0, i - 3); j < Math.min(texts.size(), i + 4); j++) {
        if (j != i && texts.get(j).contains(head)) {
          shared++;
        }
      }
    }
    assertThat(texts).hasSizeGreaterThan(500);
    assertThat(shared).as("neighbouring texts sharing a text's first 6 characters").isLessThan(texts.size() / 50);
  }

  @Test
  void theVocabularyIsSmartcnsDictionaryWithoutItsPlaceholders() {
    Vocabulary words = Vocabulary.load();
    SplittableRandom random = new SplittableRandom(1);
    Set<String> drawn = new HashSet<>();
    for (int i = 0; i < 20_000; i++) {
      drawn.add(words.draw(random));
    }

    assertThat(words.size()).isGreaterThan(50_000);
    assertThat(drawn).contains("中国", "我们", "，").noneMatch(w -> w.contains("##") && !w.equals(Vocabulary.NUMBER)
        && !w.equals(Vocabulary.LATIN));
  }

  @Test
  void searchWordsAreVocabularyWordsByFrequencyWithNumbersAndLatinFilledIn() {
    SplittableRandom random = new SplittableRandom(3);
    Set<String> drawn = new HashSet<>();
    for (int i = 0; i < 20_000; i++) {
      drawn.add(Texts.word(random));
    }
    assertThat(drawn).contains("中国").noneMatch(w -> w.contains("##"))
        .anyMatch(w -> w.chars().allMatch(Character::isDigit))
        .anyMatch(w -> w.chars().allMatch(c -> c >= 'a' && c <= 'z'));
    assertThat(Texts.mostFrequent(10)).hasSize(10).startsWith("，", "。").contains("中国").noneMatch(w -> w.contains("##"));
  }
}
