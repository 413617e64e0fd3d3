package io.letterbox.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.bench.BenchMain;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every size default is declared once, in {@link Sizes}, for an option its scenario has, and its help lists them. */
class SizesTest {
  private final Map<String, CommandLine> scenarios = BenchMain.commandLine().getSubcommands();

  @Test
  void everyPresetIsAnOptionOfItsScenarioThatHasNoOtherDefault() {
    for (Sizes.Preset<?> preset : Sizes.all()) {
      CommandLine scenario = scenarios.get(preset.scenario());
      assertThat(scenario).as(preset.scenario()).isNotNull();
      CommandLine.Model.OptionSpec option = scenario.getCommandSpec().findOption(preset.option());
      assertThat(option).as(preset.scenario() + " " + preset.option()).isNotNull();
      assertThat(option.defaultValue()).as(preset.scenario() + " " + preset.option()).isNull();
    }
  }

  @Test
  void aScenariosHelpListsItsDefaultsBySize() {
    String help = scenarios.get("read-page").getUsageMessage();

    assertThat(help).contains("Defaults by --size (tiny / quick / full):")
        .containsPattern("--messages +5000 / 150000 / 5000000");
  }

  @Test
  void anOptionGivenWinsOverItsSizesDefault() {
    assertThat(Sizes.SEND_MESSAGES.or(null, Size.QUICK)).isEqualTo(200_000L);
    assertThat(Sizes.SEND_MESSAGES.or(300L, Size.QUICK)).isEqualTo(300L);
  }
}
