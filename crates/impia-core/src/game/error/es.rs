//! The refusals in Spanish: the one place for their words (English: `en.rs`).

use crate::text::Lang;

use super::{Names, Refusal};
use crate::game::file::watch::Kept;

/// `r` in Spanish, without its rule id.
// One arm per refusal: the compiler points here at a new one (by family needs nested enums).
#[allow(clippy::too_many_lines)]
pub(super) fn text(r: &Refusal, n: &Names) -> String {
    use Refusal as R;
    let l = Lang::Es;
    match r {
        R::NoModel { model } => format!("no hay ninguna miniatura {model}"),
        R::NotInPlay { model, status } => {
            let model = n.of(*model);
            format!("{model} no está en juego: {}", status.label(l))
        }
        R::NotRounds => "las acciones se hacen en las Rondas de Agilidad, no ahora".into(),
        R::HitsPending { count } => {
            format!("primero hay que tirar {count} impacto(s) pendiente(s)")
        }
        R::OrderFirst { ordered } => {
            let ordered = n.of(*ordered);
            format!("{ordered} debe cumplir antes la orden del Líder")
        }
        R::OtherActivation { active, model } => {
            let active = n.of(*active);
            let model = n.of(*model);
            format!("es la activación de {active}, no de {model}")
        }
        R::NotActivated { model } => {
            let model = n.of(*model);
            format!("no es la activación de {model}")
        }
        R::Prone { model } => {
            let model = n.of(*model);
            format!("{model} está en estado Tumbada: su siguiente Acción es Levantarse")
        }
        R::Engaged { model, with } => {
            let model = n.of(*model);
            let with = n.of(*with);
            format!(
                "{model} está en combate con {with}: solo puede Combatir o Separarse del combate"
            )
        }
        R::NoAction { id } => {
            format!("las tablas no tienen la acción '{id}' (tables/actions.yaml)")
        }
        R::CannotPay {
            model,
            what,
            dp,
            pool,
            own,
        } => {
            let model = n.of(*model);
            format!(
                "{model} no puede pagar {} ({dp} PD): la reserva tiene {pool} \
                 y {model} {own} PD propios",
                what.es
            )
        }

        R::TurnNotOver => "el turno no ha terminado: quedan miniaturas por activar (o \
             termina el turno a mano)"
            .into(),
        R::NotChangeRound => "solo se cambia de ronda al principio del turno".into(),
        R::BeastsChangeNoRounds => "las bestias no cambian de ronda".into(),
        R::RoundsChanged { side } => {
            format!("la banda {} ya no puede cambiar rondas", side.label(l))
        }
        R::OtherChangingRounds { side } => format!(
            "la banda {} está cambiando rondas; luego podrá el rival",
            side.label(l)
        ),
        R::ZeroRounds => "cambiar 0 rondas no es un cambio".into(),
        R::RoundTooLow { model, to } => {
            let model = n.of(*model);
            format!("{model} no puede bajar a la ronda {to}: la más baja es la 1")
        }
        R::NoRoundLeft => "no queda ninguna ronda".into(),
        R::NoRollOffNow => "solo se tira por el orden cuando ambas bandas tienen \
             miniaturas en la ronda y aún no se ha tirado"
            .into(),
        R::WarbandStarts => "empieza una de las dos bandas".into(),
        R::RollOffMissing => "falta la tirada de 1d10 de cada jugador".into(),
        R::DieOutOfRange { sides, value } => format!("un d{sides} va de 1 a {sides}, no {value}"),
        R::TiesRerolled => {
            "los empates se repiten: solo la última tirada puede tener ganador".into()
        }
        R::NoRollOffWon => "no hay una tirada por el orden ganada y sin elegir".into(),
        R::FinishActivationFirst { active } => {
            let active = n.of(*active);
            format!("{active} debe terminar su activación antes")
        }
        R::NoOneLeft => "no queda nadie por activar".into(),
        R::RollOrderFirst { round } => {
            format!("antes hay que tirar 1d10 por el orden de la ronda {round}")
        }
        R::AlreadyActed { model } => {
            let model = n.of(*model);
            format!("{model} ya se activó este turno")
        }
        R::WrongRound { model, round, now } => {
            let model = n.of(*model);
            format!("{model} actúa en la ronda {round}, y ahora es la ronda {now}")
        }
        R::NotYourPick { side } => format!("ahora elige miniatura: {}", side.label(l)),
        R::NotInActivation { model } => {
            let model = n.of(*model);
            format!("{model} no está en su activación")
        }
        R::NotProne { model } => {
            let model = n.of(*model);
            format!("{model} no está en estado Tumbada")
        }
        R::CannotLoot { model } => {
            let model = n.of(*model);
            format!("{model} no puede Rapiñar")
        }
        R::NotDownToLoot { model } => {
            let model = n.of(*model);
            format!("solo se rapiña una miniatura Abatida; {model} no lo está")
        }
        R::NotCarried { body, item } => {
            let body = n.of(*body);
            format!("{body} no lleva «{item}»")
        }
        R::NoHerbs { model } => {
            let model = n.of(*model);
            format!("a {model} no le quedan Hierbas místicas")
        }
        R::Rules3Only { action } => {
            format!("«{action}» solo existe en partidas con reglas 3")
        }
        R::SpellNoHit { spell } => {
            format!("el hechizo «{spell}» no declara impacto: no tiene objetivos de impacto")
        }

        R::ListedTwice { model } => {
            let model = n.of(*model);
            format!("{model} aparece dos veces en la lista")
        }
        R::ListsItself { model } => {
            let model = n.of(*model);
            format!("{model} no puede estar en su propia lista")
        }
        R::NotFriendOf { model, of } => {
            let model = n.of(*model);
            let of = n.of(*of);
            format!("{model} no es de la banda de {of}")
        }
        R::BeastNoFriends => "una bestia no tiene aliadas que ganen Pavor".into(),
        R::UnknownTerrain { id, known } => format!(
            "terreno desconocido '{id}'; con efecto: {}",
            known.join(", ")
        ),
        R::NoEnemyTotemNear => "no hay Tótem enemigo en pie".into(),
        R::NotLeader { model } => {
            let model = n.of(*model);
            format!("{model} no es el Líder")
        }
        R::OrderPending => "ya hay una orden pendiente".into(),
        R::OrderNotFriend { model } => {
            let model = n.of(*model);
            format!("el Líder ordena a una miniatura aliada, no a {model}")
        }
        R::OwnTotemDown => "su Tótem no está en pie".into(),
        R::BeastsNoEnemyTotem => "las bestias no tienen Tótem enemigo".into(),
        R::EnemyTotemDown => "el Tótem enemigo no está en pie".into(),

        R::UnknownCover { id, known } => {
            format!("cobertura desconocida '{id}'; hay: {}", known.join(", "))
        }
        R::NoPendingHit { attacker, target } => {
            let attacker = n.of(*attacker);
            let target = n.of(*target);
            format!("no hay impacto pendiente de {attacker} sobre {target}")
        }
        R::WithstoodNoFear => "la miniatura resiste el impacto: nadie gana Pavor".into(),
        R::NoBreath { model } => {
            let model = n.of(*model);
            format!("{model} no tiene Aliento")
        }
        R::BreathRecharging { model, ready } => {
            let model = n.of(*model);
            format!("{model} recarga su Aliento hasta el turno {ready}")
        }
        R::FallHeightNegative => "la altura de una caída es 0 cm o más".into(),
        R::HarmlessFall { height_cm } => {
            format!("una caída de {height_cm} cm no hace daño: no se tira")
        }
        R::FallRolls {
            height_cm,
            strength,
        } => format!("una caída de {height_cm} cm tira Dureza contra Fuerza {strength}"),
        R::NotDownNoFear => "la miniatura no está Abatida: nadie gana Pavor".into(),

        R::UnknownOption { row, id, known } => format!(
            "{} no tiene la opción '{id}'; tiene: {}",
            row.es,
            known.join(", ")
        ),
        R::UnknownWeapon { model, id, known } => {
            let model = n.of(*model);
            format!(
                "{model} no lleva el arma '{}'; lleva: {}",
                id.as_deref().unwrap_or("-"),
                known.join(", ")
            )
        }
        R::StaleCheck { stored, built } => {
            format!("la tirada guardada ({stored}) no es la que el juego prepara ahora ({built})")
        }
        R::StaleCombat => "la tirada guardada no coincide en si es de Combate".into(),
        R::NotInRoll { model } => {
            let model = n.of(*model);
            format!("{model} no hace esta tirada: no puede repetirla")
        }
        R::BeastsNoTotem => "las bestias no tienen Tótem".into(),
        R::TotemUsed => "la banda ya usó la repetición del Tótem este turno".into(),
        R::NotHeadstrong { model } => {
            let model = n.of(*model);
            format!("{model} no es Testaruda")
        }
        R::DefensiveShotTarget { model } => {
            let model = n.of(*model);
            format!(
                "el disparo defensivo de {model} es a la enemiga que actúa \
                 ahora, antes de su Asalto, y sin apuntar"
            )
        }
        R::DefensiveShotAgain { model } => {
            let model = n.of(*model);
            format!("{model} ya hizo un disparo defensivo en esta activación")
        }
        R::GameOver => "la partida ha terminado: deshaz su final para seguir".into(),
        R::NoSurvivalInstinct { model } => {
            let model = n.of(*model);
            format!("{model} no tiene Instinto de supervivencia")
        }
        R::SurvivalInstinctSpent { model } => {
            let model = n.of(*model);
            format!("{model} ya gastó su Instinto de supervivencia")
        }
        R::NotInspiring { model } => {
            let model = n.of(*model);
            format!("{model} no es Inspiradora")
        }
        R::InitiateSpell { model, level } => {
            let model = n.of(*model);
            format!(
                "{model} es Iniciada, no Hechicera: solo lanza el Hechizo de \
                 nivel 1 que sabe, no este de nivel {level}"
            )
        }
        R::NotDreadful { model } => {
            let model = n.of(*model);
            format!("{model} no es una enemiga con Aspecto atroz")
        }
        R::DreadfulNotCourage => "la tirada para asaltar un Aspecto atroz es de Coraje".into(),
        R::DreadfulNeedsCourage { model, creature } => {
            let model = n.of(*model);
            let creature = n.of(*creature);
            format!(
                "{creature} tiene Aspecto atroz: {model} debe superar una \
                 tirada de Coraje antes de asaltarla"
            )
        }
        R::DreadfulFailed { model, creature } => {
            let model = n.of(*model);
            let creature = n.of(*creature);
            format!(
                "{model} falló su tirada de Coraje ante el Aspecto atroz de \
                 {creature}: no puede Asaltar a {creature} en esta activación"
            )
        }
        R::DreadfulAgain { model, creature } => {
            let model = n.of(*model);
            let creature = n.of(*creature);
            format!(
                "{model} ya hizo su tirada de Coraje ante el Aspecto atroz de \
                 {creature} en esta activación"
            )
        }
        R::NoFriendDown { model } => {
            let model = n.of(*model);
            format!(
                "el Instinto de supervivencia necesita una miniatura amiga de \
                 {model} en estado Abatida a 10 cm, y no hay ninguna"
            )
        }
        R::HeadstrongNotCombat => "Testarudo solo repite una tirada de Combate".into(),
        R::HeadstrongNotOne { model, d10 } => {
            let model = n.of(*model);
            format!("{model} sacó {d10}: Testarudo solo repite un 1")
        }
        R::HeadstrongUsed { model } => {
            let model = n.of(*model);
            format!("{model} ya repitió esta tirada por Testaruda")
        }
        R::NoTable { id } => format!("las tablas no tienen la tabla '{id}'"),
        R::BadDiceExpr { detail } => detail.clone(),
        R::TableDiceCount { table, expr, given } => format!(
            "la tabla {table} se tira con {expr}: {} dado(s), no {given}",
            expr.count
        ),
        R::DiceCount { want, given } => {
            format!(
                "esta tirada lleva {want} juegos de dados (un d10 y sus d3 \
                 cada uno), no {given}"
            )
        }
        R::D3Count { want, given } => {
            format!("esta tirada lleva {want} d3 de ventaja o complicación, no {given}")
        }

        R::NoBeast { count, index } => {
            format!("el bestiario tiene {count} bestia(s); no hay la número {index}")
        }
        R::BeastsNoPool => "las bestias no tienen reserva ni puntos".into(),
        R::PoolTooLow { pool, down } => {
            format!("la reserva tiene {pool} PD: no puede bajar {down}")
        }
        R::OwnDpTooLow { model, own } => {
            let model = n.of(*model);
            format!("{model} tiene {own} PD propios este turno")
        }
        R::EngageEnemiesOnly => "solo se traban miniaturas enemigas".into(),
        R::LowestRound => "la ronda más baja es la 1".into(),
        R::OutOfRange { what, value, max } => {
            format!("{what}: {value} está fuera de rango (de -{max} a {max})")
        }

        R::SameSide { a, b } => {
            let a = n.of(*a);
            let b = n.of(*b);
            format!("{a} y {b} son del mismo bando")
        }
        R::NotEngagedWith { model, other } => {
            let model = n.of(*model);
            let other = n.of(*other);
            format!(
                "{model} no está en combate con {other}: Asalta para entrar en \
                 contacto, o marca el combate a mano"
            )
        }
        R::NotEngaged { model } => {
            let model = n.of(*model);
            format!("{model} no está en ningún combate")
        }
        R::DisengageEach { models } => format!(
            "hay que tirar contra cada oponente trabado, una vez: {}",
            n.list(models)
        ),
        R::ShootOwnSide { model } => {
            let model = n.of(*model);
            format!("{model} no dispara a su propio bando")
        }
        R::NoRangedWeapon { model, weapon } => {
            let model = n.of(*model);
            format!(
                "{model} no lleva arma a distancia{}",
                weapon
                    .as_deref()
                    .map(|w| format!(" '{w}'"))
                    .unwrap_or_default()
            )
        }
        R::RangeByBand => "la distancia se elige con la banda (corta, media, larga)".into(),
        R::StrayNotFriend { shooter } => {
            let shooter = n.of(*shooter);
            format!("el disparo desviado impacta a una miniatura amiga de {shooter}")
        }
        R::StrayNotCaused => {
            "solo un fallo causado por el -3 de disparar a un combate impacta a una amiga".into()
        }
        R::StrayPick { target, friends } => {
            let target = n.of(*target);
            format!(
                "el fallo causado por el -3 impacta a una amiga trabada con \
                     {target}: indica una de {}",
                n.list(friends)
            )
        }
        R::AimedAfterMove { model } => {
            let model = n.of(*model);
            format!("{model} ya movió en esta activación: no puede disparar apuntando")
        }
        R::MovesNotLogged {
            model,
            declared,
            logged,
        } => {
            let model = n.of(*model);
            format!(
                "{model} declara {declared} Movimiento(s) seguido(s) antes \
     del Asalto, pero hizo {logged} justo antes"
            )
        }
        R::SpellNeedsTarget { spell } => format!(
            "el hechizo «{spell}» nombra la miniatura que afecta: elige \
             una"
        ),
        R::NoCoverInMelee => {
            "la cobertura protege de disparos, no de un impacto cuerpo a cuerpo".into()
        }
        R::NoImposingPresence { model } => {
            let model = n.of(*model);
            format!("{model} no tiene Presencia imponente en juego")
        }
        R::ImposingNotEnemy { model } => {
            let model = n.of(*model);
            format!("{model} no es enemiga de quien tira")
        }
        R::NoSpell {
            model,
            count,
            index,
        } => {
            let model = n.of(*model);
            format!("{model} conoce {count} hechizo(s); no hay el número {index}")
        }
        R::NoSpells { model } => {
            let model = n.of(*model);
            format!("{model} no lanza Hechizos (ni es Hechicero ni conoce ninguno)")
        }
        R::SpellImmune { model } => {
            let model = n.of(*model);
            format!("a {model} no se le pueden lanzar Hechizos (Vacío arcano)")
        }
        R::BacklashNoFear { total } => {
            format!("con {total} en la tabla nadie a 30 cm gana Pavor")
        }

        R::RerollInside => "la repetición del Tótem se hace después de tirar \
             (totem_reroll), no dentro de la tirada"
            .into(),
        R::NoRollWaiting => "no hay ninguna tirada esperando".into(),
        R::RollWaiting { action } => {
            format!("hay una tirada esperando: repítela si se puede o acéptala antes de '{action}'")
        }
        R::NoWitnessFact | R::NoStrayFact | R::NoSpellFearFact => {
            "esta tirada no tiene ese dato que corregir".into()
        }
        R::NoDice => "a esta acción le faltan los dados: tíralos (o escríbelos) \
             antes de aplicarla"
            .into(),
        R::NotARoll { action } => format!("'{action}' no es una tirada"),

        R::ReadOnly { path } => format!(
            "{path} está abierta para escribir en otra ventana u orden de impia: aquí solo se lee"
        ),
        R::OtherTab => "esta partida está abierta en otra pestaña de este navegador: aquí solo \
             se puede ver (ciérrala allí y vuelve a abrirla aquí para jugar)"
            .into(),
        R::HardLinked { path, links } => format!(
            "{path} tiene {links} enlaces duros; impia escribe una \
                 partida solo por un archivo de un solo nombre (una copia o \
                 un enlace simbólico): aquí solo se lee"
        ),
        R::TextTooLong { bytes, limit } => {
            format!(
                "el texto tiene {bytes} bytes; en una acción caben como mucho \
                 {limit} (una nota es una línea de texto)"
            )
        }
        R::FileFull { path, limit } => format!(
            "{path} pasaría de {limit} bytes, más de lo que impia lee; no \
                 se escribió nada: empieza una partida nueva"
        ),
        R::SaveFailed { path, detail, kept } => format!(
            "hecho, pero no se pudo guardar {path}: {detail}; {}; se \
                 reintentará en la siguiente acción",
            kept_es(kept)
        ),
        R::FileChanged {
            path,
            change,
            actions,
            kept,
        } => format!(
            "el archivo de la partida {path} {} mientras impia lo tenía \
                 abierto: impia ya no escribe en él. Tus {actions} acciones \
                 {}; guarda la partida como un archivo nuevo o vuelve a \
                 cargar el archivo del disco",
            change.words(true),
            match kept {
                Kept::In(p) => format!("se guardan en {p}"),
                Kept::NotWritten(e) => format!(
                    "se guardan solo en memoria: no se pudo escribir un archivo \
                         de recuperación ({e})"
                ),
            }
        ),
        R::NotSaved {
            path,
            change,
            detail,
            changes,
            kept,
        } => {
            let what = match change {
                Some(c) => format!(
                    "el archivo de la partida {path} {} mientras impia lo tenía \
                         abierto, y no se escribió nada más en él",
                    c.words(true)
                ),
                None => format!(
                    "no se pudo guardar {path} ({detail}): {changes} cambios de \
                         esta orden no están en el archivo de la partida"
                ),
            };
            format!(
                "{what}; {}; revísala y ábrela, o cópiala sobre el archivo de la partida",
                kept_es(kept)
            )
        }
        R::WritingStopped { path, change, kept } => format!(
            "el archivo de la partida {path} {} mientras impia lo tenía \
                 abierto: no se escribe nada hasta que elijas guardar la \
                 partida como un archivo nuevo o volver a cargar el archivo \
                 del disco ({})",
            change.words(true),
            kept_es(kept)
        ),
    }
}

/// Where the game as played was kept, in words.
fn kept_es(kept: &Kept) -> String {
    match kept {
        Kept::In(p) => format!("la partida tal como se jugó aquí se guarda en {p}"),
        Kept::NotWritten(e) => format!(
            "la partida tal como se jugó aquí se guarda en memoria: no se \
                 pudo escribir un archivo de recuperación ({e})"
        ),
    }
}
