package io.letterbox.bench.wrk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.SignedJWT;
import io.letterbox.bench.workload.Texts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each operation's script is the shared part (summary, failures, pacing, texts) and its own request(). */
class WrkScriptsTest {
  @TempDir
  Path tmp;

  @ParameterizedTest
  @EnumSource(WrkOperation.class)
  void everyOperationHasAWholeScript(WrkOperation op) throws IOException {
    String script = Files.readString(WrkScripts.write(tmp, op));

    assertThat(script).contains("function done(summary, latency, requests)", "function response(status",
        "function request()", "os.getenv(\"LB_DELAY_MS\")");
  }

  @Test
  void eachSeededUserHasATokenOnItsOwnLineSignedWithTheServersSecretForItsUid() throws Exception {
    String secret = "a-secret-of-at-least-thirty-two-bytes";
    List<String> lines = Files.readAllLines(WrkScripts.writeTokens(tmp, new UserTokenMint(secret, Duration.ofHours(1)),
        5_000, 3));

    assertThat(lines).hasSize(3);
    for (int i = 0; i < lines.size(); i++) {
      SignedJWT jwt = SignedJWT.parse(lines.get(i));
      assertThat(jwt.verify(new MACVerifier(secret.getBytes(StandardCharsets.UTF_8)))).isTrue();
      assertThat(jwt.getJWTClaimsSet().getSubject()).isEqualTo(Long.toString(5_000 + i));
      assertThat(jwt.getJWTClaimsSet().getExpirationTime()).isAfter(jwt.getJWTClaimsSet().getIssueTime());
    }
  }

  @Test
  void theSendersTextsAreRealisticTextsMostlyDistinctOneJsonStringALine() throws IOException {
    List<String> lines = Files.readAllLines(WrkScripts.writeTexts(tmp, 1_000, 2_000));

    assertThat(lines).hasSize(2_000);
    ObjectMapper json = new ObjectMapper();
    List<String> texts = new ArrayList<>();
    for (String line : lines) {
      texts.add(json.readValue(line, String.class));
    }
    assertThat(texts.get(0)).isEqualTo(Texts.at(1_000));
    assertThat(texts).doesNotContain("");
    // Short texts repeat now and then, as in a real stream of DMs; the rest do not.
    assertThat(new HashSet<>(texts)).hasSizeGreaterThan(1_950);
    assertThat(texts.stream().filter(t -> t.codePoints().anyMatch(c -> c >= 0x4E00 && c <= 0x9FFF)).count())
        .as("texts with Chinese words").isGreaterThan(1_500);
  }
}
