package io.letterbox.engine.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecondReadAdmissionTest {
  @Test
  void aKeyIsAdmittedOnItsSecondReadAndEveryReadAfter() {
    SecondReadAdmission a = new SecondReadAdmission(1024);
    assertThat(a.readAgain(42)).isFalse();
    assertThat(a.readAgain(42)).isTrue();
    assertThat(a.readAgain(42)).isTrue();
    assertThat(a.readAgain(43)).as("another key's first read").isFalse();
  }

  @Test
  void keysAreForgottenOnceHalfTheBitsHaveBeenSet() {
    SecondReadAdmission a = new SecondReadAdmission(1024);
    a.readAgain(0);
    for (long k = 1; k < 511; k++) {
      assertThat(a.readAgain(k)).isFalse();
    }
    assertThat(a.readAgain(0)).as("510 first reads later: remembered").isTrue();
    assertThat(a.readAgain(511)).as("the 512th first read clears the filter").isFalse();
    assertThat(a.readAgain(0)).as("forgotten").isFalse();
    assertThat(a.readAgain(0)).isTrue();
  }

  @Test
  void theSizeIsAPowerOfTwoOfAtLeast64Bits() {
    assertThat(new SecondReadAdmission(0).bits()).isEqualTo(64);
    assertThat(new SecondReadAdmission(1000).bits()).isEqualTo(1024);
    assertThat(new SecondReadAdmission(1024).bits()).isEqualTo(1024);
    assertThat(new SecondReadAdmission(256L << 20 >> 6).bits()).isEqualTo(1 << 22);
  }
}
