package io.letterbox.engine;

import io.letterbox.id.IdGenerator;

/** What a command's decision may consult: the stored state, the id generator and the settings. */
record EngineContext(StateReader state, IdGenerator ids, LetterboxConfig config) {}
