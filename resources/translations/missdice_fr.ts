<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>About</name>
    <message>
        <source>%1: %2</source>
        <comment>a library and its licence</comment>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>Dice games at the table: the scoresheet for Yahtzee, Yam&apos;s and Yacht, 421, Cochon and a free roller, with virtual dice or dice from the table.</source>
        <translation>Les jeux de dés à table : la feuille de score du Yahtzee, du Yam&apos;s et du Yacht, le 421, le Cochon et un lanceur libre, avec des dés virtuels ou les dés de la table.</translation>
    </message>
    <message>
        <source>Free software under the %1 licence.</source>
        <translation>Logiciel libre sous licence %1.</translation>
    </message>
    <message>
        <source>Yahtzee is a trademark of Hasbro. Miss Dice is independent of Hasbro.</source>
        <translation>Yahtzee est une marque de Hasbro. Miss Dice est une application indépendante, sans lien avec Hasbro.</translation>
    </message>
    <message>
        <source>It comes with (Qt %1):</source>
        <translation>Elle est livrée avec (Qt %1) :</translation>
    </message>
    <message>
        <source>The demo camera&apos;s photos: %1, %2 licence.</source>
        <translation>Les photos de la caméra de démonstration : %1, licence %2.</translation>
    </message>
    <message>
        <source>The dice reader&apos;s networks were trained on photos %1 (%2 licence) and %3 (%4 licence).</source>
        <translation>Les réseaux du lecteur de dés ont été entraînés sur des photos %1 (licence %2) et %3 (licence %4).</translation>
    </message>
    <message>
        <source>In the installed app, the licence texts are in its &lt;i&gt;licenses&lt;/i&gt; folder, and Qt&apos;s libraries are separate files that you may replace with your own build.</source>
        <translation>Dans l&apos;application installée, les textes des licences sont dans son dossier &lt;i&gt;licenses&lt;/i&gt;, et les bibliothèques de Qt sont des fichiers séparés, que vous pouvez remplacer par votre propre compilation.</translation>
    </message>
    <message>
        <source>Games are kept in %1&lt;br&gt;Settings are kept in %2</source>
        <translation>Les parties sont gardées dans %1&lt;br&gt;Les réglages sont gardés dans %2</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Something went wrong</source>
        <translation>Un problème est survenu</translation>
    </message>
    <message>
        <source>Miss Dice hit an unexpected problem:
%1

Your game is kept; you can go on playing or undo the last action.</source>
        <translation>Miss Dice a rencontré un problème inattendu :
%1

Votre partie est conservée ; vous pouvez continuer à jouer ou annuler la dernière action.</translation>
    </message>
</context>
<context>
    <name>CameraPanel</name>
    <message>
        <source>Camera preview</source>
        <translation>Aperçu de la caméra</translation>
    </message>
    <message>
        <source>Dice read: %1</source>
        <translation>Dés lus : %1</translation>
    </message>
    <message>
        <source>Press a die&apos;s number, then its value, to fix it.</source>
        <translation>Tapez le numéro d&apos;un dé, puis sa valeur, pour le corriger.</translation>
    </message>
    <message>
        <source>No picture</source>
        <translation>Pas d’image</translation>
    </message>
    <message>
        <source>Die %1: %2, not in play</source>
        <translation>Dé %1 : %2, hors jeu</translation>
    </message>
    <message>
        <source>Die %1: %2, unsure</source>
        <translation>Dé %1 : %2, incertain</translation>
    </message>
    <message>
        <source>Die %1: %2, set by you</source>
        <translation>Dé %1 : %2, fixé par vous</translation>
    </message>
    <message>
        <source>Die %1: %2</source>
        <translation>Dé %1 : %2</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>Caméra</translation>
    </message>
    <message>
        <source>Demo (photos of dice)</source>
        <translation>Démo (photos de dés)</translation>
    </message>
    <message>
        <source>Video file…</source>
        <translation>Fichier vidéo…</translation>
    </message>
    <message>
        <source>Folder of photos…</source>
        <translation>Dossier de photos…</translation>
    </message>
    <message>
        <source>Camera %1</source>
        <translation>Caméra %1</translation>
    </message>
    <message>
        <source>Play a video of dice</source>
        <translation>Lire une vidéo de dés</translation>
    </message>
    <message>
        <source>Videos (*.mp4 *.avi *.mkv *.mov *.webm);;All files (*)</source>
        <translation>Vidéos (*.mp4 *.avi *.mkv *.mov *.webm);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Play a folder of photos of dice</source>
        <translation>Lire un dossier de photos de dés</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Ouverture de %1…</translation>
    </message>
    <message>
        <source>%1: roll the dice in view.</source>
        <translation>%1 : lancez les dés devant la caméra.</translation>
    </message>
    <message>
        <source>Waiting for the dice to stop…</source>
        <translation>En attendant que les dés s&apos;arrêtent…</translation>
    </message>
    <message>
        <source>click to set its value</source>
        <translation>cliquez pour fixer sa valeur</translation>
    </message>
    <message>
        <source>Not in play</source>
        <translation>Hors jeu</translation>
    </message>
    <message>
        <source>Back in play</source>
        <translation>De retour en jeu</translation>
    </message>
    <message>
        <source>Click the die that is not in play.</source>
        <translation>Cliquez sur le dé qui n&apos;est pas en jeu.</translation>
    </message>
    <message>
        <source>Click the %1 dice that are not in play.</source>
        <translation>Cliquez sur les %1 dés qui ne sont pas en jeu.</translation>
    </message>
    <message>
        <source>1 die set aside.</source>
        <translation>1 dé mis de côté.</translation>
    </message>
    <message>
        <source>%1 dice set aside.</source>
        <translation>%1 dés mis de côté.</translation>
    </message>
    <message>
        <source>Unsure: %1. Click it to fix it, or press its number.</source>
        <translation>Incertain : %1. Cliquez dessus pour le corriger, ou tapez son numéro.</translation>
    </message>
    <message>
        <source>die %1 (%2)</source>
        <translation>dé %1 (%2)</translation>
    </message>
    <message>
        <source>Too dark: light the table better.</source>
        <translation>Trop sombre : éclairez mieux la table.</translation>
    </message>
    <message>
        <source>Blurred: waiting for the dice to stop…</source>
        <translation>Image floue : en attendant que les dés s’arrêtent…</translation>
    </message>
    <message>
        <source>Dice too small: move the camera closer.</source>
        <translation>Dés trop petits : rapprochez la caméra.</translation>
    </message>
    <message>
        <source>No dice seen.</source>
        <translation>Aucun dé en vue.</translation>
    </message>
    <message>
        <source>%1: %2, waiting for the dice to stop…</source>
        <translation>%1 : %2, en attendant que les dés s’arrêtent…</translation>
    </message>
    <message>
        <source>Ready: %1</source>
        <translation>Prêt : %1</translation>
    </message>
    <message>
        <source>The camera is not sure of %1. Use the dice as read?</source>
        <translation>La caméra n&apos;est pas sûre de %1. Utiliser les dés tels que lus ?</translation>
    </message>
    <message>
        <source>Unsure die</source>
        <translation>Dé incertain</translation>
    </message>
    <message>
        <source>Your dice were forgotten.</source>
        <translation>Vos dés ont été oubliés.</translation>
    </message>
    <message>
        <source>The learned dice could not be read (%1): learning again.</source>
        <translation>Les dés appris n&apos;ont pas pu être lus (%1) : nouvel apprentissage.</translation>
    </message>
    <message>
        <source>Forget my dice (%1)</source>
        <translation>Oublier mes dés (%1)</translation>
    </message>
    <message>
        <source>Forget the dice the camera learned from your games (kept on this computer only)</source>
        <translation>Oublier les dés que la caméra a appris de vos parties (gardés sur cet ordinateur seulement)</translation>
    </message>
    <message>
        <source>Type the dice in the tray, or press %1 to try again.</source>
        <translation>Tapez les dés dans le plateau, ou appuyez sur « %1 » pour réessayer.</translation>
    </message>
    <message>
        <source>The dice reader is missing files: install Miss Dice again.</source>
        <translation>Il manque des fichiers au lecteur de dés : réinstallez Miss Dice.</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatique</translation>
    </message>
    <message>
        <source>Put the dice into the turn by themselves once they stop</source>
        <translation>Mettre les dés dans le tour tout seul dès qu’ils s’arrêtent</translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation>Rouvrir</translation>
    </message>
    <message>
        <source>1 die in view (%1)</source>
        <translation>1 dé en vue (%1)</translation>
    </message>
    <message>
        <source>%1 dice in view (%2)</source>
        <translation>%1 dés en vue (%2)</translation>
    </message>
    <message>
        <source>%1, this game uses %2.</source>
        <translation>%1, ce jeu en utilise %2.</translation>
    </message>
    <message>
        <source>1 die seen</source>
        <translation>1 dé en vue</translation>
    </message>
    <message>
        <source>%1 dice seen</source>
        <translation>%1 dés en vue</translation>
    </message>
    <message>
        <source>No camera found.</source>
        <translation>Aucune caméra trouvée.</translation>
    </message>
    <message>
        <source>This program may not use the camera (%1).</source>
        <translation>Ce programme n’a pas le droit d’utiliser la caméra (%1).</translation>
    </message>
    <message>
        <source>The camera is busy: another program may be using it.</source>
        <translation>La caméra est occupée : un autre programme l’utilise peut-être.</translation>
    </message>
    <message>
        <source>The camera stopped sending pictures (unplugged?).</source>
        <translation>La caméra n’envoie plus d’images (débranchée ?).</translation>
    </message>
    <message>
        <source>Cannot read the pictures (%1).</source>
        <translation>Impossible de lire les images (%1).</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <source>Use these dice</source>
        <translation>Prendre ces dés</translation>
    </message>
    <message>
        <source>Put the dice read into the turn (Ctrl+Enter)</source>
        <translation>Mettre les dés lus dans le tour (Ctrl+Entrée)</translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message>
        <source>No finished game yet</source>
        <translation>Pas encore de partie finie</translation>
    </message>
    <message>
        <source>Totals, game after game</source>
        <translation>Totaux, partie après partie</translation>
    </message>
    <message>
        <source>How often each total</source>
        <translation>Fréquence de chaque total</translation>
    </message>
    <message>
        <source>%1: %2 games, best %3, average %4</source>
        <translation>%1 : %2 parties, meilleur %3, moyenne %4</translation>
    </message>
    <message>
        <source>&amp;Scoresheet:</source>
        <translation>&amp;Feuille de marque :</translation>
    </message>
    <message>
        <source>&amp;Player:</source>
        <translation>&amp;Joueur :</translation>
    </message>
</context>
<context>
    <name>CoachPanel</name>
    <message>
        <source>The game is over: the review shows each turn.</source>
        <translation>La partie est finie : le bilan reprend chaque tour.</translation>
    </message>
    <message>
        <source>The coach is off for %1.</source>
        <translation>Le coach est éteint pour %1.</translation>
    </message>
    <message>
        <source>The coach plays the scoresheet games only.</source>
        <translation>Le coach ne joue que les jeux à feuille de score.</translation>
    </message>
    <message>
        <source>The coach failed: %1</source>
        <translation>Le coach a échoué : %1</translation>
    </message>
    <message>
        <source>With several players the coach plays each sheet for its own best expected score, and to beat the others only in the endgame (4 boxes or fewer left, the others finished or nearly so).</source>
        <translation>À plusieurs, le coach joue chaque feuille pour son meilleur score moyen, et pour battre les autres seulement en fin de partie (4 cases ou moins à remplir, les autres ayant fini ou presque).</translation>
    </message>
    <message>
        <source>The game is over: the review shows the costliest choices.</source>
        <translation>La partie est finie : le bilan montre les choix qui ont coûté le plus.</translation>
    </message>
    <message>
        <source>The coach does not play this scoresheet yet.</source>
        <translation>Le coach ne joue pas encore cette feuille.</translation>
    </message>
    <message>
        <source>Expected final score: %1. Roll the dice.</source>
        <translation>Score final attendu : %1. Lancez les dés.</translation>
    </message>
    <message>
        <source>Expected final score: %1.</source>
        <translation>Score final attendu : %1.</translation>
    </message>
    <message>
        <source>Rolling with these dice held: %1 points.</source>
        <translation>Relancer en gardant ces dés : %1 points.</translation>
    </message>
    <message>
        <source>Scoring %1 now: %2 points.</source>
        <translation>Marquer en %1 maintenant : %2 points.</translation>
    </message>
    <message>
        <source>%1, turn %2: %3 in %4</source>
        <translation>%1, tour %2 : %3 en %4</translation>
    </message>
    <message>
        <source>coach: %1 (%2)</source>
        <translation>coach : %1 (%2)</translation>
    </message>
    <message>
        <source>Expected points lost: %1</source>
        <translation>Points perdus en moyenne : %1</translation>
    </message>
    <message>
        <source>score %1</source>
        <translation>marquer en %1</translation>
    </message>
    <message>
        <source>roll all five again</source>
        <translation>relancer les cinq dés</translation>
    </message>
    <message>
        <source>keep %1</source>
        <translation>garder %1</translation>
    </message>
    <message>
        <source>&amp;Coach for %1</source>
        <translation>&amp;Coach pour %1</translation>
    </message>
    <message>
        <source>After each roll the coach shows the best choice and the others, with the chance to win each leaves</source>
        <translation>Après chaque lancer, le coach montre le meilleur choix et les autres, avec la chance de gagner que laisse chacun</translation>
    </message>
    <message>
        <source>After each roll the coach shows the dice to keep and the best choices, with the final score each leads to on average</source>
        <translation>Après chaque lancer, le coach montre les dés à garder et les meilleurs choix, avec le score final moyen de chacun</translation>
    </message>
    <message>
        <source>&amp;Review the game</source>
        <translation>&amp;Bilan de la partie</translation>
    </message>
    <message>
        <source>The coach&apos;s choices</source>
        <translation>Les choix du coach</translation>
    </message>
    <message>
        <source>The coach is working out this scoresheet (once; the game goes on meanwhile)…</source>
        <translation>Le coach étudie cette feuille (une seule fois ; la partie continue pendant ce temps)…</translation>
    </message>
    <message>
        <source>Each player&apos;s chance to win after each turn: the rest of the game played 2,000 times from every sheet as the coach plays (within about 1 point at 50%)</source>
        <translation>La chance de gagner de chaque joueur après chaque tour : le reste de la partie joué 2 000 fois depuis chaque feuille comme le joue le coach (à environ 1 point près autour de 50 %)</translation>
    </message>
    <message>
        <source>Chances to win, turn by turn</source>
        <translation>Chances de gagner, tour par tour</translation>
    </message>
    <message>
        <source>Chances to win</source>
        <translation>Chances de gagner</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Début</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>Tour %1</translation>
    </message>
    <message>
        <source>Working out the chances…</source>
        <translation>Calcul des chances…</translation>
    </message>
    <message>
        <source>Working out the chances… %1%</source>
        <translation>Calcul des chances… %1 %</translation>
    </message>
    <message>
        <source>Endgame: the coach plays to win. Chance to win: %1.</source>
        <translation>Fin de partie : le coach joue pour gagner. Chance de gagner : %1.</translation>
    </message>
    <message>
        <source>Roll the dice.</source>
        <translation>Lancez les dés.</translation>
    </message>
    <message>
        <source>%1 (most points)</source>
        <translation>%1 (le plus de points)</translation>
    </message>
    <message>
        <source>Playing for the most points (%1) would leave %2.</source>
        <translation>Jouer pour le plus de points (%1) laisserait %2.</translation>
    </message>
</context>
<context>
    <name>ComputerPlayers</name>
    <message>
        <source>%1 (computer) waits after the undo: Ctrl+Shift+J lets it play, or undo further.</source>
        <translation>%1 (ordinateur) attend après l’annulation : Ctrl+Maj+J le laisse jouer, ou annulez encore.</translation>
    </message>
    <message>
        <source>%1 (computer) is playing…</source>
        <translation>%1 (ordinateur) joue…</translation>
    </message>
    <message>
        <source>The computer is studying the game: %1%</source>
        <translation>L’ordinateur étudie le jeu : %1 %</translation>
    </message>
    <message>
        <source>The computer is studying the scoresheet: %1%</source>
        <translation>L’ordinateur étudie la feuille : %1 %</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>The saved game cannot be read</source>
        <translation>La partie enregistrée est illisible</translation>
    </message>
    <message>
        <source>%1

The file was kept aside as %2; a new game starts.</source>
        <translation>%1

Le fichier a été mis de côté sous le nom %2 ; une nouvelle partie commence.</translation>
    </message>
    <message>
        <source>%1

The file could not be moved aside (%2), so it stays where it is; a new game starts.</source>
        <translation>%1

Le fichier n’a pas pu être mis de côté (%2) : il reste à sa place. Une nouvelle partie commence.</translation>
    </message>
    <message>
        <source>%1

The file stays where it is (Game › Games lists it); a new game starts.</source>
        <translation>%1

Le fichier reste où il est (Partie › Parties le liste) ; une nouvelle partie commence.</translation>
    </message>
    <message>
        <source>Roll the dice first (Space).</source>
        <translation>Lancez d&apos;abord les dés (Espace).</translation>
    </message>
    <message>
        <source>Yahtzee bonus for %1: +%2!</source>
        <translation>Bonus Yahtzee pour %1 : +%2 !</translation>
    </message>
    <message>
        <source>The order of play is set once the game has begun.</source>
        <translation>L’ordre de jeu est fixé une fois la partie commencée.</translation>
    </message>
    <message>
        <source>Undone: %1</source>
        <translation>Annulé : %1</translation>
    </message>
    <message>
        <source>Redone: %1</source>
        <translation>Rétabli : %1</translation>
    </message>
    <message>
        <source>Autosave is not working</source>
        <translation>L&apos;enregistrement automatique ne fonctionne pas</translation>
    </message>
    <message>
        <source>The game cannot be saved automatically:
%1

You can keep playing and use Game › Save as… to keep it.</source>
        <translation>La partie ne peut pas être enregistrée automatiquement :
%1

Vous pouvez continuer à jouer et utiliser Partie › Enregistrer sous… pour la garder.</translation>
    </message>
    <message>
        <source>Roll with Space; click a die to hold it; Game › New game… to play a game.</source>
        <translation>Lancez avec Espace ; cliquez sur un dé pour le garder ; Partie › Nouvelle partie… pour jouer une partie.</translation>
    </message>
    <message>
        <source>Game over — %1 loses</source>
        <translation>Partie terminée — %1 perd</translation>
    </message>
    <message>
        <source>Game over — %1</source>
        <translation>Partie terminée — %1</translation>
    </message>
    <message>
        <source>%1 to play</source>
        <translation>À %1 de jouer</translation>
    </message>
    <message>
        <source>%1 to play — turn %2 of %3</source>
        <translation>À %1 de jouer — tour %2 sur %3</translation>
    </message>
    <message>
        <source>Throw the three dice on the table and type them.</source>
        <translation>Lancez les trois dés sur la table et tapez-les.</translation>
    </message>
    <message>
        <source>Throw the dice (Space).</source>
        <translation>Lancez les dés (Espace).</translation>
    </message>
    <message>
        <source>Roll the die on the table and type its face (1 to 6).</source>
        <translation>Lancez le dé sur la table et tapez sa face (1 à 6).</translation>
    </message>
    <message>
        <source>Roll the die (Space).</source>
        <translation>Lancez le dé (Espace).</translation>
    </message>
    <message>
        <source>Enter the dice from the table first: type the five faces or click each die.</source>
        <translation>Saisissez d&apos;abord les dés de la table : tapez les cinq faces ou cliquez sur chaque dé.</translation>
    </message>
    <message>
        <source>Choose a box (its letter, a click, or arrows and Enter), or correct the dice.</source>
        <translation>Choisissez une case (sa lettre, un clic, ou les flèches et Entrée), ou corrigez les dés.</translation>
    </message>
    <message>
        <source>Choose a box (its letter, a click, or arrows and Enter), or hold dice (1–5) and roll again: %1 left.</source>
        <translation>Choisissez une case (sa lettre, un clic, ou les flèches et Entrée), ou gardez des dés (1–5) et relancez : encore %1.</translation>
    </message>
    <message>
        <source>Choose a box: its letter, a click, or arrows and Enter.</source>
        <translation>Choisissez une case : sa lettre, un clic, ou les flèches et Entrée.</translation>
    </message>
    <message>
        <source>Type the dice of the next throw, or stop here (S).</source>
        <translation>Tapez les dés du lancer suivant, ou arrêtez-vous là (S).</translation>
    </message>
    <message>
        <source>Hold dice (1–3) and throw again (Space), or stop here (S).</source>
        <translation>Gardez des dés (1–3) et relancez (Espace), ou arrêtez-vous là (S).</translation>
    </message>
    <message>
        <source>Type the next face rolled, or hold (H) to bank the turn total.</source>
        <translation>Tapez la face suivante, ou « Je garde » (H) pour mettre le total du tour en banque.</translation>
    </message>
    <message>
        <source>Roll again (Space), or hold (H) to bank the turn total.</source>
        <translation>Relancez (Espace), ou « Je garde » (H) pour mettre le total du tour en banque.</translation>
    </message>
    <message>
        <source>Joker: the lower boxes score their full value.</source>
        <translation>Joker : les cases du bas rapportent leur valeur pleine.</translation>
    </message>
    <message>
        <source>Joker: every lower box is filled, so %1 go in a free upper box, at 0.</source>
        <translation>Joker : toutes les cases du bas sont remplies, donc %1 vont dans une case libre du haut, à 0.</translation>
    </message>
    <message>
        <source>The settings file was not used (%1): defaults apply.</source>
        <translation>Le fichier de préférences n’a pas été utilisé (%1) : les valeurs par défaut s’appliquent.</translation>
    </message>
    <message>
        <source>Settings back to their defaults (unusable values): %1</source>
        <translation>Préférences remises à leur valeur par défaut (valeurs inutilisables) : %1</translation>
    </message>
    <message>
        <source>%1 is open in another window: this is a copy, kept as a game of its own.</source>
        <translation>%1 est ouverte dans une autre fenêtre : voici une copie, gardée comme une partie à part.</translation>
    </message>
    <message>
        <source>This game cannot be opened</source>
        <translation>Impossible d&apos;ouvrir cette partie</translation>
    </message>
    <message>
        <source>%1

The game in progress is unchanged.</source>
        <translation>%1

La partie en cours n&apos;a pas changé.</translation>
    </message>
    <message>
        <source>The game was not deleted</source>
        <translation>La partie n’a pas été supprimée</translation>
    </message>
    <message>
        <source>The game was not saved</source>
        <translation>La partie n&apos;a pas été enregistrée</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>Enregistrée dans %1</translation>
    </message>
    <message>
        <source>This QR code is not a Miss Dice game.</source>
        <translation>Ce QR code n’est pas une partie de Miss Dice.</translation>
    </message>
    <message>
        <source>This game cannot be opened: %1</source>
        <translation>Impossible d’ouvrir cette partie : %1</translation>
    </message>
    <message>
        <source>A Miss Dice game: see the question.</source>
        <translation>Une partie de Miss Dice : voyez la question.</translation>
    </message>
    <message>
        <source>1 player</source>
        <translation>1 joueur</translation>
    </message>
    <message>
        <source>%1 players</source>
        <translation>%1 joueurs</translation>
    </message>
    <message>
        <source>game over</source>
        <translation>partie terminée</translation>
    </message>
    <message>
        <source>turn %1 of %2</source>
        <translation>tour %1 sur %2</translation>
    </message>
    <message>
        <source>%1, %2 — %3: %4</source>
        <translation>%1, %2 — %3 : %4</translation>
    </message>
    <message>
        <source>This window cannot play %1 yet.</source>
        <translation>Cette fenêtre ne sait pas encore jouer au %1.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — %2, turn %3 of %4</source>
        <translation>%1 — %2, tour %3 sur %4</translation>
    </message>
    <message>
        <source>Game over: %1 loses.</source>
        <translation>Partie terminée : %1 perd.</translation>
    </message>
    <message>
        <source>Game over: %1 share the win with %2 points.</source>
        <translation>Partie terminée : %1 partagent la victoire avec %2 points.</translation>
    </message>
    <message>
        <source>Game over: %1 wins with %2 points.</source>
        <translation>Partie terminée : %1 gagne avec %2 points.</translation>
    </message>
</context>
<context>
    <name>CorrectionDialog</name>
    <message>
        <source>Fix a past box</source>
        <translation>Corriger une case passée</translation>
    </message>
    <message>
        <source>The game is scored again with these dice: totals, bonuses and the joker follow. Undo takes the correction back.</source>
        <translation>La partie est recomptée avec ces dés : les totaux, les primes et le joker suivent. Annuler reprend la correction.</translation>
    </message>
    <message>
        <source>&amp;Box:</source>
        <translation>&amp;Case :</translation>
    </message>
    <message>
        <source>&amp;Right dice:</source>
        <translation>&amp;Bons dés :</translation>
    </message>
</context>
<context>
    <name>DiceTray</name>
    <message>
        <source>Die %1</source>
        <translation>Dé %1</translation>
    </message>
    <message>
        <source>not rolled yet</source>
        <translation>pas encore lancé</translation>
    </message>
    <message>
        <source>no face yet: click or type 1 to 6</source>
        <translation>pas encore de face : cliquez ou tapez 1 à 6</translation>
    </message>
    <message>
        <source>shows %1: click or type 1 to 6 to change</source>
        <translation>montre %1 : cliquez ou tapez 1 à 6 pour changer</translation>
    </message>
    <message>
        <source>shows %1, held</source>
        <translation>montre %1, gardé</translation>
    </message>
    <message>
        <source>shows %1</source>
        <translation>montre %1</translation>
    </message>
    <message>
        <source>; the coach keeps it</source>
        <translation> ; le coach le garde</translation>
    </message>
    <message>
        <source>held</source>
        <translation>gardé</translation>
    </message>
    <message>
        <source>&amp;Throw (Space)</source>
        <translation>&amp;Lancer (Espace)</translation>
    </message>
    <message>
        <source>Throw the dice</source>
        <translation>Lancer les dés</translation>
    </message>
    <message>
        <source>&amp;Roll (Space)</source>
        <translation>&amp;Lancer (Espace)</translation>
    </message>
    <message>
        <source>Roll the dice</source>
        <translation>Lancer les dés</translation>
    </message>
    <message>
        <source>&amp;Dice from the table:</source>
        <translation>&amp;Dés de la table :</translation>
    </message>
    <message>
        <source>e.g. 26266</source>
        <translation>ex. 26266</translation>
    </message>
    <message>
        <source>Dice from the table</source>
        <translation>Dés de la table</translation>
    </message>
    <message>
        <source>Type the faces, then press Enter</source>
        <translation>Tapez les faces, puis Entrée</translation>
    </message>
    <message>
        <source>Throw %1 of %2</source>
        <translation>Lancer %1 sur %2</translation>
    </message>
    <message>
        <source>Throws left: %1</source>
        <translation>Lancers restants : %1</translation>
    </message>
    <message>
        <source>Rolls left: %1</source>
        <translation>Lancers restants : %1</translation>
    </message>
    <message>
        <source>Face of die %1</source>
        <translation>Face du dé %1</translation>
    </message>
</context>
<context>
    <name>EndOfGame</name>
    <message>
        <source>Well played, %1!</source>
        <translation>Bien joué, %1 !</translation>
    </message>
    <message>
        <source>%1 wins!</source>
        <translation>%1 gagne !</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>%1 and %2 share the win!</source>
        <translation>%1 et %2 partagent la victoire !</translation>
    </message>
    <message>
        <source>End of the game</source>
        <translation>Fin de la partie</translation>
    </message>
    <message>
        <source>%1 loses the game!</source>
        <translation>%1 perd la partie !</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>Classement</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Jetons</translation>
    </message>
    <message>
        <source>%1 (tie)</source>
        <translation>%1 (ex æquo)</translation>
    </message>
    <message>
        <source>New game with the &amp;same players</source>
        <translation>Nouvelle partie avec les &amp;mêmes joueurs</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Nouvelle partie…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Fermer</translation>
    </message>
</context>
<context>
    <name>Four21Board</name>
    <message>
        <source>%1 (nénette)</source>
        <translation>%1 (nénette)</translation>
    </message>
    <message>
        <source>&amp;Stop here (S)</source>
        <translation>&amp;Je m&apos;arrête (S)</translation>
    </message>
    <message>
        <source>Keep these dice and end the turn (S)</source>
        <translation>Garder ces dés et finir le tour (S)</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Jetons</translation>
    </message>
    <message>
        <source>This round</source>
        <translation>Ce tour de table</translation>
    </message>
    <message>
        <source>Last round</source>
        <translation>Tour de table précédent</translation>
    </message>
    <message>
        <source>La charge</source>
        <translation>La charge</translation>
    </message>
    <message>
        <source>The pot: the worst hand of each round takes from it</source>
        <translation>Le pot : à chaque tour, la plus mauvaise combinaison y prend</translation>
    </message>
    <message>
        <source>La décharge</source>
        <translation>La décharge</translation>
    </message>
    <message>
        <source>The pot is empty: the best hand pays the worst</source>
        <translation>Le pot est vide : la meilleure combinaison paie la plus mauvaise</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Partie terminée</translation>
    </message>
    <message>
        <source>421 — pot of %1 tokens, 4-2-1 worth %2. La charge: each round everyone throws once; the worst hand takes from the pot what the best hand is worth. La décharge: the first player throws up to 3 times, the others no more; the worst hand takes the worth from the best hand&apos;s player. No token left: you are out. The last one holding tokens loses.</source>
        <translation>421 — pot de %1 jetons, 4-2-1 à %2. La charge : à chaque tour de table chacun lance une fois ; la plus mauvaise combinaison prend au pot la valeur de la meilleure. La décharge : le premier joueur lance jusqu&apos;à 3 fois, les autres pas davantage ; la plus mauvaise combinaison reçoit la valeur de la meilleure de la part de son joueur. Plus de jeton : vous êtes sorti. Le dernier à tenir des jetons perd.</translation>
    </message>
    <message>
        <source>%1 loses the game.</source>
        <translation>%1 perd la partie.</translation>
    </message>
    <message>
        <source>Tie for the worst hand: %1 throw again. %2 throws.</source>
        <translation>Égalité pour la plus mauvaise combinaison : %1 relancent. À %2 de lancer.</translation>
    </message>
    <message>
        <source>%1 throws: throw %2 of %3.</source>
        <translation>%1 lance : lancer %2 sur %3.</translation>
    </message>
    <message>
        <source>out (safe)</source>
        <translation>sorti (sauvé)</translation>
    </message>
    <message>
        <source>tie: %1</source>
        <translation>égalité&#xa0;: %1</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>à&#xa0;égalité</translation>
    </message>
    <message>
        <source>Tie-break: %1</source>
        <translation>Départage : %1</translation>
    </message>
    <message>
        <source>place %1</source>
        <translation>place %1</translation>
    </message>
    <message>
        <source>throwing</source>
        <translation>lance</translation>
    </message>
    <message>
        <source>nénette</source>
        <translation>nénette</translation>
    </message>
    <message>
        <source>%1 takes %2 from the pot.</source>
        <translation>%1 prend %2 au pot.</translation>
    </message>
    <message>
        <source>%1 pays %2 to %3.</source>
        <translation>%1 donne %2 à %3.</translation>
    </message>
    <message>
        <source>%1. %2 %3</source>
        <translation>%1. %2 %3</translation>
    </message>
    <message>
        <source>Best: %1&apos;s %2, worth %3. Worst: %4.</source>
        <translation>Meilleure : %2 de %1, vaut %3. Plus mauvaise : %4.</translation>
    </message>
    <message>
        <source>No token has moved yet.</source>
        <translation>Aucun jeton n&apos;a encore bougé.</translation>
    </message>
</context>
<context>
    <name>FreeRoller</name>
    <message>
        <source>held</source>
        <translation>gardé</translation>
    </message>
    <message>
        <source>d%1 showing %2 %3</source>
        <translation>d%1 montrant %2 %3</translation>
    </message>
    <message>
        <source>%1 held</source>
        <translation>%1 gardé</translation>
    </message>
    <message>
        <source>&amp;Dice:</source>
        <translation>&amp;Dés :</translation>
    </message>
    <message>
        <source>Dice notation, e.g. 2d6+d20 or d20+3; then Enter</source>
        <translation>Notation des dés, par ex. 2d6+d20 ou d20+3 ; puis Entrée</translation>
    </message>
    <message>
        <source>&amp;Use</source>
        <translation>&amp;Utiliser</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>&amp;Effacer</translation>
    </message>
    <message>
        <source>&amp;Roll (Space)</source>
        <translation>&amp;Lancer (Espace)</translation>
    </message>
    <message>
        <source>&amp;Back to the game</source>
        <translation>&amp;Retour à la partie</translation>
    </message>
    <message>
        <source>Last rolls</source>
        <translation>Derniers lancers</translation>
    </message>
    <message>
        <source>Not dice notation: %1</source>
        <translation>Notation de dés incorrecte : %1</translation>
    </message>
    <message>
        <source>At most %1 dice.</source>
        <translation>Au plus %1 dés.</translation>
    </message>
    <message>
        <source>%1 ← %2 (%3)</source>
        <translation>%1 ← %2 (%3)</translation>
    </message>
    <message>
        <source>Roll first, then click a die to hold it.</source>
        <translation>Lancez d&apos;abord, puis cliquez sur un dé pour le garder.</translation>
    </message>
    <message>
        <source>Total: %1</source>
        <translation>Total : %1</translation>
    </message>
    <message>
        <source>Press Roll (Space).</source>
        <translation>Appuyez sur Lancer (Espace).</translation>
    </message>
</context>
<context>
    <name>GameCoach</name>
    <message>
        <source>%1%</source>
        <comment>a percentage</comment>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <source>−%1 points</source>
        <translation>−%1 points</translation>
    </message>
    <message>
        <source>best</source>
        <translation>meilleur</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>je m’arrête</translation>
    </message>
    <message>
        <source>throw all three again</source>
        <translation>relancer les trois</translation>
    </message>
    <message>
        <source>keep %1</source>
        <translation>garder %1</translation>
    </message>
    <message>
        <source>The coach is working out the 421&apos;s throws…</source>
        <translation>Le coach étudie les lancers du 421…</translation>
    </message>
    <message>
        <source>The round&apos;s first player plays as if each of the others played to beat them alone; the others play to beat the round&apos;s worst hand so far.</source>
        <translation>Le premier joueur de la manche joue comme si chacun des autres jouait pour le battre seul ; les autres jouent pour battre la pire main de la manche jusqu’ici.</translation>
    </message>
    <message>
        <source>A single throw: no choice this turn.</source>
        <translation>Un seul lancer : pas de choix ce tour-ci.</translation>
    </message>
    <message>
        <source>First of the round: the others may throw no more times than you. Chance not to be the worst:</source>
        <translation>Premier de la manche : les autres ne pourront pas lancer plus de fois que vous. Chance de ne pas être le dernier :</translation>
    </message>
    <message>
        <source>Chance to beat %1:</source>
        <translation>Chance de battre %1 :</translation>
    </message>
    <message>
        <source>%1, 1 throw left.</source>
        <translation>%1, encore 1 lancer.</translation>
    </message>
    <message>
        <source>%1, 2 throws left.</source>
        <translation>%1, encore 2 lancers.</translation>
    </message>
    <message>
        <source>Throwing with these dice held: %1.</source>
        <translation>Relancer en gardant ces dés : %1.</translation>
    </message>
    <message>
        <source>%1, turn %2, after throw %3: %4, %5</source>
        <translation>%1, tour %2, après le lancer %3 : %4, %5</translation>
    </message>
    <message>
        <source>coach: %1 (%2)</source>
        <translation>coach : %1 (%2)</translation>
    </message>
    <message>
        <source>No choice cost any chance.</source>
        <translation>Aucun choix n’a coûté de chance.</translation>
    </message>
    <message>
        <source>Chance given away: %1</source>
        <translation>Chance perdue : %1</translation>
    </message>
    <message>
        <source>roll again</source>
        <translation>relancer</translation>
    </message>
    <message>
        <source>hold</source>
        <translation>« Je garde »</translation>
    </message>
    <message>
        <source>The coach is working out Cochon to %1 (once; the game goes on meanwhile)…</source>
        <translation>Le coach étudie le Cochon en %1 (une seule fois ; la partie continue pendant ce temps)…</translation>
    </message>
    <message>
        <source>With more than two players the coach plays against the leading opponent as if the game had two players.</source>
        <translation>À plus de deux joueurs, le coach joue contre l’adversaire en tête comme si la partie se jouait à deux.</translation>
    </message>
    <message>
        <source>%1 banked, %2 this turn; the leading opponent has %3.</source>
        <translation>%1 en banque, %2 ce tour-ci ; l’adversaire en tête a %3.</translation>
    </message>
    <message>
        <source>%1 banked, %2 this turn; the opponent has %3.</source>
        <translation>%1 en banque, %2 ce tour-ci ; l’adversaire a %3.</translation>
    </message>
    <message>
        <source>Chance to win: %1. Roll the die.</source>
        <translation>Chance de gagner : %1. Lancez le dé.</translation>
    </message>
    <message>
        <source>The chance to win of each choice:</source>
        <translation>La chance de gagner de chaque choix :</translation>
    </message>
    <message>
        <source>%1, turn %2: %3 at %4 with %5 banked</source>
        <translation>%1, tour %2 : %3 à %4 avec %5 en banque</translation>
    </message>
    <message>
        <source>No choice cost any chance to win.</source>
        <translation>Aucun choix n’a coûté de chance de gagner.</translation>
    </message>
    <message>
        <source>Chance to win given away: %1</source>
        <translation>Chance de gagner perdue : %1</translation>
    </message>
</context>
<context>
    <name>GameNight</name>
    <message>
        <source>The note holds a character that cannot be kept (a control character). Nothing was changed; your text is still in the note to edit.</source>
        <translation>La note contient un caractère qui ne peut pas être gardé (un caractère de contrôle). Rien n&apos;a changé ; votre texte est toujours dans la note, à modifier.</translation>
    </message>
    <message>
        <source>A note holds at most %1 characters; this one has %2. Nothing was changed; your text is still in the note to shorten.</source>
        <translation>Une note contient au plus %1 caractères ; celle-ci en a %2. Rien n&apos;a changé ; votre texte est toujours dans la note, à raccourcir.</translation>
    </message>
    <message>
        <source>%1: %2

Nothing else changed: the game is kept.</source>
        <translation>%1 : %2

Rien d&apos;autre n&apos;a changé : la partie est gardée.</translation>
    </message>
    <message>
        <source>The PDF was not written</source>
        <translation>Le PDF n&apos;a pas été écrit</translation>
    </message>
    <message>
        <source>Sheet exported to %1</source>
        <translation>Feuille exportée dans %1</translation>
    </message>
    <message>
        <source>The sheet was not printed</source>
        <translation>La feuille n&apos;a pas été imprimée</translation>
    </message>
    <message>
        <source>The printer reported an error. Nothing else changed: the game is kept; try again, or use Game › Export as PDF….</source>
        <translation>L&apos;imprimante a signalé une erreur. Rien d&apos;autre n&apos;a changé : la partie est gardée ; réessayez, ou utilisez Partie › Exporter en PDF….</translation>
    </message>
    <message>
        <source>The sheet went to the printer.</source>
        <translation>La feuille est partie à l&apos;imprimante.</translation>
    </message>
    <message>
        <source>The CSV file was not written</source>
        <translation>Le fichier CSV n&apos;a pas été écrit</translation>
    </message>
    <message>
        <source>%1 rows exported to %2</source>
        <translation>%1 lignes exportées dans %2</translation>
    </message>
    <message>
        <source>Note on this game</source>
        <translation>Note sur cette partie</translation>
    </message>
    <message>
        <source>Note not kept</source>
        <translation>Note non gardée</translation>
    </message>
    <message>
        <source>%1: %2

The game is as it was.</source>
        <translation>%1 : %2

La partie est comme avant.</translation>
    </message>
    <message>
        <source>No box has been scored yet.</source>
        <translation>Aucune case n&apos;a encore été marquée.</translation>
    </message>
    <message>
        <source>Turn %1 — %2 — %3: %4 (%5)</source>
        <translation>Tour %1 — %2 — %3 : %4 (%5)</translation>
    </message>
    <message>
        <source>Box not corrected</source>
        <translation>Case non corrigée</translation>
    </message>
    <message>
        <source>Corrected: %1&apos;s %2 now holds %3 (%4). Undo takes it back.</source>
        <translation>Corrigé : %2 de %1 contient maintenant %3 (%4). Annuler reprend la correction.</translation>
    </message>
</context>
<context>
    <name>GamesWindow</name>
    <message>
        <source>%1 loses</source>
        <translation>%1 perd</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>Pas finie</translation>
    </message>
    <message>
        <source>Unfinished: turn %1 of %2</source>
        <translation>Pas finie : tour %1 sur %2</translation>
    </message>
    <message>
        <source>written by a newer version of Miss Dice</source>
        <translation>écrite par une version plus récente de Miss Dice</translation>
    </message>
    <message>
        <source>Cannot be opened: %1</source>
        <translation>Impossible à ouvrir : %1</translation>
    </message>
    <message>
        <source>%1 (in the window)</source>
        <translation>%1 (dans la fenêtre)</translation>
    </message>
    <message>
        <source>%1 (open in another window)</source>
        <translation>%1 (ouverte dans une autre fenêtre)</translation>
    </message>
    <message>
        <source>Reading the kept games… %1 so far</source>
        <translation>Lecture des parties gardées… %1 pour l’instant</translation>
    </message>
    <message>
        <source>Reading the kept games…</source>
        <translation>Lecture des parties gardées…</translation>
    </message>
    <message>
        <source>Open a &amp;copy</source>
        <translation>Ouvrir une &amp;copie</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Reprendre</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Ouvrir</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Parties</translation>
    </message>
    <message>
        <source>&amp;Games</source>
        <translation>&amp;Parties</translation>
    </message>
    <message>
        <source>&amp;High scores</source>
        <translation>&amp;Meilleurs scores</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>&amp;Graphiques</translation>
    </message>
    <message>
        <source>Search the games: a player, a sheet, a word of a note…</source>
        <translation>Chercher dans les parties : un joueur, une feuille, un mot d&apos;une note…</translation>
    </message>
    <message>
        <source>Search the games</source>
        <translation>Chercher dans les parties</translation>
    </message>
    <message>
        <source>&amp;Note…</source>
        <translation>&amp;Note…</translation>
    </message>
    <message>
        <source>E&amp;xport as CSV…</source>
        <translation>E&amp;xporter en CSV…</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Scoresheet</source>
        <translation>Feuille de score</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Scores</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Gagnant</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>Meilleur</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>Moyenne</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gagnées</translation>
    </message>
    <message>
        <source>Set &amp;aside</source>
        <translation>Mettre de &amp;côté</translation>
    </message>
    <message>
        <source>No game kept yet: every game played here is kept, finished or not, until you delete it.</source>
        <translation>Aucune partie gardée pour l’instant : chaque partie jouée ici est gardée, finie ou non, jusqu’à ce que vous la supprimiez.</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Supprimer…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partie</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Nouvelle partie…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <source>S&amp;hare this game…</source>
        <translation>Pa&amp;rtager cette partie…</translation>
    </message>
    <message>
        <source>A QR code and a link that carry the whole game to another computer (Ctrl+Shift+S)</source>
        <translation>Un QR code et un lien qui emportent toute la partie sur un autre ordinateur (Ctrl+Maj+S)</translation>
    </message>
    <message>
        <source>&amp;Games and high scores…</source>
        <translation>&amp;Parties et meilleurs scores…</translation>
    </message>
    <message>
        <source>Every game kept, finished or not, and the high scores</source>
        <translation>Toutes les parties gardées, finies ou non, et les meilleurs scores</translation>
    </message>
    <message>
        <source>Dice from the &amp;table</source>
        <translation>Dés de la &amp;table</translation>
    </message>
    <message>
        <source>Type or click the faces of real dice instead of rolling here</source>
        <translation>Tapez ou cliquez les faces de vrais dés au lieu de lancer ici</translation>
    </message>
    <message>
        <source>Read the dice with a &amp;camera</source>
        <translation>Lire les dés avec une &amp;caméra</translation>
    </message>
    <message>
        <source>A webcam looking at the table reads the dice (Ctrl+Shift+C)</source>
        <translation>Une webcam qui regarde la table lit les dés (Ctrl+Maj+C)</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>Caméra</translation>
    </message>
    <message>
        <source>&amp;Use the dice read</source>
        <translation>&amp;Prendre les dés lus</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>Undo the last action (Ctrl+Z)</source>
        <translation>Annuler la dernière action (Ctrl+Z)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>Redo (Ctrl+Shift+Z)</source>
        <translation>Rétablir (Ctrl+Maj+Z)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>As the &amp;system</source>
        <translation>Comme le &amp;système</translation>
    </message>
    <message>
        <source>&amp;Colours</source>
        <translation>&amp;Couleurs</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>C&amp;laires</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Sombres</translation>
    </message>
    <message>
        <source>&amp;Fast computer players</source>
        <translation>Ordinateur &amp;rapide</translation>
    </message>
    <message>
        <source>Computer players act quickly instead of at a watchable pace</source>
        <translation>Les joueurs ordinateur jouent vite au lieu de laisser le temps de suivre</translation>
    </message>
    <message>
        <source>&amp;Let the computer play</source>
        <translation>&amp;Laisser jouer l’ordinateur</translation>
    </message>
    <message>
        <source>Play the computer player&apos;s whole turn now (Ctrl+Shift+J)</source>
        <translation>Jouer tout de suite le tour entier de l’ordinateur (Ctrl+Maj+J)</translation>
    </message>
    <message>
        <source>The &amp;coach</source>
        <translation>Le &amp;coach</translation>
    </message>
    <message>
        <source>Show the coach&apos;s best choices for the turn (Ctrl+K)</source>
        <translation>Montrer les meilleurs choix du coach pour ce tour (Ctrl+K)</translation>
    </message>
    <message>
        <source>Coach</source>
        <translation>Coach</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Imprimer…</translation>
    </message>
    <message>
        <source>Export as &amp;PDF…</source>
        <translation>Exporter en &amp;PDF…</translation>
    </message>
    <message>
        <source>The scoresheet as a paper sheet would show it, as a PDF file</source>
        <translation>La feuille de marque telle qu&apos;on l&apos;aurait sur papier, en fichier PDF</translation>
    </message>
    <message>
        <source>&amp;Scoreboard</source>
        <translation>&amp;Tableau des scores</translation>
    </message>
    <message>
        <source>The totals in large type, full screen, for the room (F11)</source>
        <translation>Les totaux en grand, plein écran, pour toute la pièce (F11)</translation>
    </message>
    <message>
        <source>Reduce &amp;motion</source>
        <translation>Réduire les &amp;animations</translation>
    </message>
    <message>
        <source>&amp;Fix a past box…</source>
        <translation>&amp;Corriger une case passée…</translation>
    </message>
    <message>
        <source>Give the right dice of a box scored turns ago</source>
        <translation>Donner les bons dés d&apos;une case marquée il y a quelques tours</translation>
    </message>
    <message>
        <source>The dice show their faces at once instead of tumbling</source>
        <translation>Les dés montrent leur face tout de suite au lieu de rouler</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <source>&amp;About Miss Dice</source>
        <translation>À &amp;propos de Miss Dice</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>&amp;Règles</translation>
    </message>
    <message>
        <source>What each box scores, the bonuses and the joker (F1)</source>
        <translation>Ce que rapporte chaque case, les bonus et le joker (F1)</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>Je garde</translation>
    </message>
    <message>
        <source>Stop here</source>
        <translation>Je m&apos;arrête</translation>
    </message>
    <message>
        <source>Hold die %1</source>
        <translation>Garder le dé %1</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Rétablir</translation>
    </message>
    <message>
        <source>Scoresheet</source>
        <translation>Feuille de score</translation>
    </message>
    <message>
        <source>One column per player. Arrow keys move, Enter scores the current player&apos;s box.</source>
        <translation>Une colonne par joueur. Les flèches déplacent, Entrée inscrit le score dans la case du joueur en cours.</translation>
    </message>
    <message>
        <source>&amp;Undo: %1</source>
        <translation>&amp;Annuler : %1</translation>
    </message>
    <message>
        <source>Undo: %1 (Ctrl+Z)</source>
        <translation>Annuler : %1 (Ctrl+Z)</translation>
    </message>
    <message>
        <source>&amp;Redo: %1</source>
        <translation>&amp;Rétablir : %1</translation>
    </message>
    <message>
        <source>Redo: %1 (Ctrl+Shift+Z)</source>
        <translation>Rétablir : %1 (Ctrl+Maj+Z)</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>Player %1</source>
        <translation>Joueur %1</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1 :</translation>
    </message>
    <message>
        <source>Open a house grid</source>
        <translation>Ouvrir une grille maison</translation>
    </message>
    <message>
        <source>House grids (*.toml);;All files (*)</source>
        <translation>Grilles maison (*.toml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Nouvelle partie</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Jeu</translation>
    </message>
    <message>
        <source>House grid from a file…</source>
        <translation>Grille maison depuis un fichier…</translation>
    </message>
    <message>
        <source>Scoresheet</source>
        <translation>Feuille de score</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <source>Number of players</source>
        <translation>Nombre de joueurs</translation>
    </message>
    <message>
        <source>Person</source>
        <translation>Humain</translation>
    </message>
    <message>
        <source>Computer, expert</source>
        <translation>Ordinateur, expert</translation>
    </message>
    <message>
        <source>Computer, beginner</source>
        <translation>Ordinateur, débutant</translation>
    </message>
    <message>
        <source>Who plays for %1</source>
        <translation>Qui joue pour %1</translation>
    </message>
    <message>
        <source>A computer player plays its own turns at a watchable pace; the expert plays the best moves, the beginner makes mistakes</source>
        <translation>Un joueur ordinateur joue ses tours à un rythme qu’on peut suivre ; l’expert joue les meilleurs coups, le débutant fait des erreurs</translation>
    </message>
    <message>
        <source>Move player %1 up</source>
        <translation>Faire monter le joueur %1</translation>
    </message>
    <message>
        <source>Who starts</source>
        <translation>Qui commence</translation>
    </message>
    <message>
        <source>&amp;Virtual dice: the app rolls</source>
        <translation>Dés &amp;virtuels : l&apos;app lance les dés</translation>
    </message>
    <message>
        <source>Dice from the &amp;table: type or click the faces you rolled</source>
        <translation>Dés de la &amp;table : tapez ou cliquez les faces obtenues</translation>
    </message>
    <message>
        <source>Dice from the table, read by a &amp;camera</source>
        <translation>Dés de la table, lus par une &amp;caméra</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Commencer</translation>
    </message>
    <message>
        <source>&amp;Game:</source>
        <translation>&amp;Jeu :</translation>
    </message>
    <message>
        <source>S&amp;coresheet:</source>
        <translation>&amp;Feuille :</translation>
    </message>
    <message>
        <source>&amp;Players:</source>
        <translation>&amp;Joueurs :</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>Noms</translation>
    </message>
    <message>
        <source>&amp;Who starts:</source>
        <translation>&amp;Qui commence :</translation>
    </message>
    <message>
        <source>The free roller: 1 to 20 dice of 4, 6, 8, 10, 12 or 20 faces, no players, no score. The game in progress stays as it is.</source>
        <translation>Le lanceur libre : 1 à 20 dés de 4, 6, 8, 10, 12 ou 20 faces, sans joueurs ni score. La partie en cours reste telle quelle.</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>House grid: %1</source>
        <translation>Grille maison : %1</translation>
    </message>
    <message>
        <source>This grid cannot be used</source>
        <translation>Cette grille est inutilisable</translation>
    </message>
    <message>
        <source>This game has no options.</source>
        <translation>Ce jeu n&apos;a pas d&apos;options.</translation>
    </message>
    <message>
        <source>This sheet has no options.</source>
        <translation>Cette feuille n&apos;a pas d&apos;options.</translation>
    </message>
</context>
<context>
    <name>NoteDialog</name>
    <message>
        <source>Who was there, where, what happened…</source>
        <translation>Qui était là, où, ce qui s&apos;est passé…</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>At most %1 characters.</source>
        <translation>Au plus %1 caractères.</translation>
    </message>
</context>
<context>
    <name>PigBoard</name>
    <message>
        <source>&amp;Hold (H)</source>
        <translation>Je &amp;garde (H)</translation>
    </message>
    <message>
        <source>Bank the turn total and pass the die (H)</source>
        <translation>Mettre le total du tour en banque et passer le dé (H)</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>Je garde</translation>
    </message>
    <message>
        <source>Turn total: %1</source>
        <translation>Total du tour : %1</translation>
    </message>
    <message>
        <source>This turn: %1</source>
        <translation>Ce tour : %1</translation>
    </message>
    <message>
        <source>%1 rolled a 1 and lost %2.</source>
        <translation>%1 a fait 1 et perd %2.</translation>
    </message>
    <message>
        <source>%1 banked %2.</source>
        <translation>%1 met %2 en banque.</translation>
    </message>
    <message>
        <source>Roll the die to start the turn.</source>
        <translation>Lancez le dé pour commencer le tour.</translation>
    </message>
    <message>
        <source>First to %1 points wins.</source>
        <translation>Le premier à %1 points gagne.</translation>
    </message>
    <message>
        <source>%1 (+%2)</source>
        <translation>%1 (+%2)</translation>
    </message>
    <message>
        <source>%1: %2 points</source>
        <translation>%1 : %2 points</translation>
    </message>
    <message>
        <source>Cochon: roll as often as you like; each roll adds to the turn total. A 1 loses the turn total and passes the die. Hold banks it.</source>
        <translation>Cochon : lancez autant de fois que vous voulez ; chaque lancer s&apos;ajoute au total du tour. Un 1 fait perdre le total du tour et passe le dé. « Je garde » le met en banque.</translation>
    </message>
    <message>
        <source>%1 wins!</source>
        <translation>%1 gagne !</translation>
    </message>
    <message>
        <source>Hold now: %1 points, and %2 wins!</source>
        <translation>« Je garde » maintenant : %1 points, et %2 gagne !</translation>
    </message>
    <message>
        <source>Hold now: %1 points, %2 to go.</source>
        <translation>« Je garde » maintenant : %1 points, encore %2.</translation>
    </message>
</context>
<context>
    <name>Printing</name>
    <message>
        <source>Miss Dice — scoresheet</source>
        <translation>Miss Dice — feuille de marque</translation>
    </message>
    <message>
        <source>Game over — %1 loses</source>
        <translation>Partie terminée — %1 perd</translation>
    </message>
    <message>
        <source>Game over — %1</source>
        <translation>Partie terminée — %1</translation>
    </message>
    <message>
        <source>In progress — %1 to play</source>
        <translation>En cours — à %1 de jouer</translation>
    </message>
    <message>
        <source>%1 a box corrected after it was scored.</source>
        <translation>%1 une case corrigée après avoir été marquée.</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Jetons</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Players in seating order; the game is not over.</source>
        <translation>Joueurs dans l&apos;ordre de jeu ; la partie n&apos;est pas finie.</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <source>Score 0?</source>
        <translation>Inscrire 0 ?</translation>
    </message>
    <message>
        <source>Score 0 in %1? These dice would give %2 in %3.</source>
        <translation>Inscrire 0 dans « %1 » ? Ces dés rapporteraient %2 dans « %3 ».</translation>
    </message>
    <message>
        <source>Do not ask again</source>
        <translation>Ne plus demander</translation>
    </message>
    <message>
        <source>Resume the game?</source>
        <translation>Reprendre la partie ?</translation>
    </message>
    <message>
        <source>A game was not finished:
%1

Resume it?</source>
        <translation>Une partie n&apos;est pas terminée :
%1

La reprendre ?</translation>
    </message>
    <message>
        <source>This game is not finished:
%1

Open another game? This one is kept in Games.</source>
        <translation>Cette partie n’est pas finie :
%1

Ouvrir une autre partie ? Celle-ci est gardée dans Parties.</translation>
    </message>
    <message>
        <source>This game is not finished:
%1

Start a new game? This one is kept in Games.</source>
        <translation>Cette partie n’est pas finie :
%1

Commencer une nouvelle partie ? Celle-ci est gardée dans Parties.</translation>
    </message>
    <message>
        <source>Leave this game?</source>
        <translation>Quitter cette partie ?</translation>
    </message>
    <message>
        <source>Delete this game?</source>
        <translation>Supprimer cette partie ?</translation>
    </message>
    <message>
        <source>%1

Delete this game for good? It cannot be brought back.</source>
        <translation>%1

Supprimer cette partie pour de bon ? Elle ne pourra pas être récupérée.</translation>
    </message>
    <message>
        <source>Rename a player</source>
        <translation>Renommer un joueur</translation>
    </message>
    <message>
        <source>New name for %1:</source>
        <translation>Nouveau nom pour %1 :</translation>
    </message>
    <message>
        <source>Open a game</source>
        <translation>Ouvrir une partie</translation>
    </message>
    <message>
        <source>Save the game as</source>
        <translation>Enregistrer la partie sous</translation>
    </message>
    <message>
        <source>Save the QR code as</source>
        <translation>Enregistrer le QR code sous</translation>
    </message>
    <message>
        <source>Continue this game?</source>
        <translation>Continuer cette partie ?</translation>
    </message>
    <message>
        <source>Continue this game? (%1)

The game on screen now is saved first.</source>
        <translation>Continuer cette partie ? (%1)

La partie à l’écran est d’abord enregistrée.</translation>
    </message>
    <message>
        <source>About Miss Dice</source>
        <translation>À propos de Miss Dice</translation>
    </message>
    <message>
        <source>Export the sheet as PDF</source>
        <translation>Exporter la feuille en PDF</translation>
    </message>
    <message>
        <source>Export as CSV</source>
        <translation>Exporter en CSV</translation>
    </message>
</context>
<context>
    <name>RulesWindow</name>
    <message>
        <source>This game: %1</source>
        <translation>Cette partie : %1</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>&amp;Game:</source>
        <translation>&amp;Jeu :</translation>
    </message>
</context>
<context>
    <name>Scoreboard</name>
    <message>
        <source>Game over — %1 loses</source>
        <translation>Partie terminée — %1 perd</translation>
    </message>
    <message>
        <source>Game over — %1</source>
        <translation>Partie terminée — %1</translation>
    </message>
    <message>
        <source>Scoreboard</source>
        <translation>Tableau des scores</translation>
    </message>
    <message>
        <source>%1: %2 tokens</source>
        <translation>%1 : %2 jetons</translation>
    </message>
    <message>
        <source>%1: %2 points</source>
        <translation>%1 : %2 points</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>player names</source>
        <translation>noms des joueurs</translation>
    </message>
    <message>
        <source>scoresheet</source>
        <translation>feuille de score</translation>
    </message>
    <message>
        <source>scoresheet options</source>
        <translation>options de la feuille</translation>
    </message>
    <message>
        <source>house grid</source>
        <translation>grille maison</translation>
    </message>
    <message>
        <source>where the dice come from</source>
        <translation>origine des dés</translation>
    </message>
    <message>
        <source>language</source>
        <translation>langue</translation>
    </message>
    <message>
        <source>colours</source>
        <translation>couleurs</translation>
    </message>
    <message>
        <source>asking before a zero</source>
        <translation>confirmation avant un zéro</translation>
    </message>
    <message>
        <source>window size</source>
        <translation>taille de la fenêtre</translation>
    </message>
    <message>
        <source>camera</source>
        <translation>caméra</translation>
    </message>
    <message>
        <source>camera on</source>
        <translation>caméra allumée</translation>
    </message>
    <message>
        <source>automatic camera dice</source>
        <translation>dés automatiques de la caméra</translation>
    </message>
    <message>
        <source>game</source>
        <translation>jeu</translation>
    </message>
    <message>
        <source>game options</source>
        <translation>options des jeux</translation>
    </message>
    <message>
        <source>free roller dice</source>
        <translation>dés du lanceur libre</translation>
    </message>
    <message>
        <source>reduce motion</source>
        <translation>réduire les animations</translation>
    </message>
</context>
<context>
    <name>ShareDialog</name>
    <message>
        <source>Share this game</source>
        <translation>Partager cette partie</translation>
    </message>
    <message>
        <source>This game is too large for a QR code. Send the link below instead: Miss Dice opens it on another computer, the whole game included.</source>
        <translation>Cette partie est trop longue pour un QR code. Envoyez plutôt le lien ci-dessous : Miss Dice l’ouvre sur un autre ordinateur, avec toute la partie.</translation>
    </message>
    <message>
        <source>Hold this code up to the camera of another Miss Dice, or send it the link below: the game goes on there, every turn included.</source>
        <translation>Montrez ce code à la caméra d’un autre Miss Dice, ou envoyez-lui le lien ci-dessous : la partie continue là-bas, avec tous ses tours.</translation>
    </message>
    <message>
        <source>QR code of the game</source>
        <translation>QR code de la partie</translation>
    </message>
    <message>
        <source>Link of the game</source>
        <translation>Lien de la partie</translation>
    </message>
    <message>
        <source>&amp;Copy the link</source>
        <translation>&amp;Copier le lien</translation>
    </message>
    <message>
        <source>&amp;Save the code…</source>
        <translation>&amp;Enregistrer le code…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Link copied (%1 characters).</source>
        <translation>Lien copié (%1 caractères).</translation>
    </message>
    <message>
        <source>The code is saved as .png or .svg: not saved.</source>
        <translation>Le code s’enregistre en .png ou .svg : rien n’a été enregistré.</translation>
    </message>
    <message>
        <source>Not saved: %1 (%2)</source>
        <translation>Pas enregistré : %1 (%2)</translation>
    </message>
    <message>
        <source>Code saved to %1</source>
        <translation>Code enregistré dans %1</translation>
    </message>
</context>
<context>
    <name>SheetView</name>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Renommer…</translation>
    </message>
    <message>
        <source>Move &amp;left</source>
        <translation>Vers la &amp;gauche</translation>
    </message>
    <message>
        <source>Move &amp;right</source>
        <translation>Vers la &amp;droite</translation>
    </message>
    <message>
        <source>&amp;Plays first</source>
        <translation>&amp;Commence</translation>
    </message>
</context>
<context>
    <name>gameRules</name>
    <message>
        <source>4-2-1, the best hand</source>
        <translation>4-2-1, la meilleure main</translation>
    </message>
    <message>
        <source>2-2-1, « nénette », the worst hand of all</source>
        <translation>2-2-1, « nénette », la pire de toutes</translation>
    </message>
    <message>
        <source>Straights: %1</source>
        <translation>Suites : %1</translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <translation>%1, puis %2</translation>
    </message>
    <message>
        <source>Every other hand (%1 of them), ranked by its dice read from high to low: %2 first, %3 last</source>
        <translation>Toutes les autres mains (%1), classées par leurs dés lus du plus haut au plus bas : %2 d’abord, %3 en dernier</translation>
    </message>
    <message>
        <source>1 token</source>
        <translation>1 jeton</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 jetons</translation>
    </message>
    <message>
        <source>The pot holds %1 tokens; 4-2-1 is worth %2 tokens.</source>
        <translation>Le pot contient %1 jetons ; 4-2-1 vaut %2 jetons.</translation>
    </message>
    <message>
        <source>%1 to %2 players, three dice and a pot of tokens. Each round the worst hand takes tokens; the aim is to hold none. Whoever is left holding tokens loses.</source>
        <translation>De %1 à %2 joueurs, trois dés et un pot de jetons. À chaque tour de table, la pire main prend des jetons ; le but est de n’en garder aucun. Celui qui reste avec des jetons perd.</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <source>A new game may choose a pot of %1 or %2 tokens, and 4-2-1 worth %3.</source>
        <translation>Une nouvelle partie peut choisir un pot de %1 ou %2 jetons, et 4-2-1 valant %3.</translation>
    </message>
    <message>
        <source>Hands, best to worst</source>
        <translation>Les mains, de la meilleure à la pire</translation>
    </message>
    <message>
        <source>The order of the dice on the table does not matter: 1-4-2 is 4-2-1. When a hand is the round&apos;s best, it is worth:</source>
        <translation>L’ordre des dés sur la table ne compte pas : 1-4-2 est 4-2-1. Quand une main est la meilleure du tour, elle vaut :</translation>
    </message>
    <message>
        <source>Who starts</source>
        <translation>Qui commence</translation>
    </message>
    <message>
        <source>Each round every player still in the game throws, in seating order from the round&apos;s first player. The first player starts the first round; the player who received tokens starts the next one. Players who are out are skipped.</source>
        <translation>À chaque tour, chaque joueur encore en jeu lance, dans l’ordre de la table à partir du premier joueur du tour. Le premier joueur commence le premier tour ; le joueur qui a reçu des jetons commence le suivant. Les joueurs sortis sont sautés.</translation>
    </message>
    <message>
        <source>La charge</source>
        <translation>La charge</translation>
    </message>
    <message>
        <source>While the pot holds tokens: one throw each. The round&apos;s worst hand takes from the pot as many tokens as the best hand is worth; when the pot holds fewer, it gives what it has left.</source>
        <translation>Tant que le pot contient des jetons : un lancer chacun. La pire main du tour prend au pot autant de jetons que vaut la meilleure main ; si le pot en contient moins, il donne ce qui lui reste.</translation>
    </message>
    <message>
        <source>La décharge</source>
        <translation>La décharge</translation>
    </message>
    <message>
        <source>Once the pot is empty: the round&apos;s first player throws up to %1 times, holding any dice between throws, and may stop after any throw. Each other player may throw no more times than the first did. The worst hand takes as many tokens as the best hand is worth from the best hand&apos;s player, who gives all they hold if they hold fewer.</source>
        <translation>Une fois le pot vide : le premier joueur du tour lance jusqu’à %1 fois, en gardant les dés qu’il veut entre deux lancers, et peut s’arrêter après chaque lancer. Chaque autre joueur ne peut pas lancer plus de fois que le premier. La pire main reçoit du joueur de la meilleure main autant de jetons que vaut celle-ci ; s’il en a moins, il donne tout ce qu’il a.</translation>
    </message>
    <message>
        <source>Ties for the worst hand</source>
        <translation>Égalité pour la pire main</translation>
    </message>
    <message>
        <source>The players tied for the worst hand throw again, one throw each, until one of them is worst. These throws only decide who is worst: the best hand is the best of the other players&apos; hands of the round, and of two equal hands the first thrown is the best.</source>
        <translation>Les joueurs à égalité pour la pire main relancent, un lancer chacun, jusqu’à ce que l’un d’eux soit le pire. Ces lancers décident seulement qui est le pire : la meilleure main est la meilleure des mains des autres joueurs du tour, et de deux mains égales la première lancée est la meilleure.</translation>
    </message>
    <message>
        <source>Who is out, who loses</source>
        <translation>Qui sort, qui perd</translation>
    </message>
    <message>
        <source>When the pot runs out, a player who holds every token loses at once. Otherwise la décharge begins, and players who hold no token are out: they are safe.</source>
        <translation>Quand le pot est vide, un joueur qui a tous les jetons perd aussitôt. Sinon la décharge commence, et les joueurs qui n’ont aucun jeton sortent : ils sont sauvés.</translation>
    </message>
    <message>
        <source>In la décharge, a player who gives away their last token is out. When only one player still holds tokens, that player loses the game.</source>
        <translation>Pendant la décharge, un joueur qui donne son dernier jeton sort. Quand un seul joueur a encore des jetons, il perd la partie.</translation>
    </message>
    <message>
        <source>The target is %1 points.</source>
        <translation>Le but est de %1 points.</translation>
    </message>
    <message>
        <source>One die, and players take turns. Roll as long as you dare, but do not roll a 1.</source>
        <translation>Un dé, et chacun son tour. Lancez tant que vous osez, mais gare au 1.</translation>
    </message>
    <message>
        <source>A new game may choose a target from %1 to %2 points.</source>
        <translation>Une nouvelle partie peut choisir un but de %1 à %2 points.</translation>
    </message>
    <message>
        <source>Rolling</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>On your turn, roll the die as often as you like: each face from 2 to 6 adds to your turn total. A %1 loses the whole turn total and passes the die to the next player.</source>
        <translation>À votre tour, lancez le dé autant de fois que vous voulez : chaque face de 2 à 6 s’ajoute au total du tour. Un %1 fait perdre tout le total du tour et passe le dé au joueur suivant.</translation>
    </message>
    <message>
        <source>« Je garde » (Hold, H) adds the turn total to your banked total, which nothing can take away, and passes the die.</source>
        <translation>« Je garde » (H) ajoute le total du tour à votre total en banque, que rien ne peut plus vous prendre, et passe le dé.</translation>
    </message>
    <message>
        <source>Who wins</source>
        <translation>Qui gagne</translation>
    </message>
    <message>
        <source>The first player whose banked total reaches %1 points wins at once.</source>
        <translation>Le premier joueur dont le total en banque atteint %1 points gagne aussitôt.</translation>
    </message>
    <message>
        <source>Dice for any game: 1 to %1 dice of %2 faces, mixed. No players, no score: Miss Dice shows the dice and their total.</source>
        <translation>Des dés pour tous les jeux : de 1 à %1 dés de %2 faces, mélangés. Ni joueurs ni score : Miss Dice montre les dés et leur total.</translation>
    </message>
    <message>
        <source>Dice notation</source>
        <translation>Notation des dés</translation>
    </message>
    <message>
        <source>Type the dice as players write them and press Enter: 2d6+d20 is two six-sided dice and one twenty-sided die; d8 is one eight-sided die. Or add dice with the +d4 … +d20 buttons.</source>
        <translation>Tapez les dés comme les joueurs les écrivent puis Entrée : 2d6+d20, ce sont deux dés à six faces et un dé à vingt faces ; d8, un dé à huit faces. Ou ajoutez des dés avec les boutons +d4 … +d20.</translation>
    </message>
    <message>
        <source>Rolling and holding</source>
        <translation>Lancer et garder</translation>
    </message>
    <message>
        <source>Roll with Space or the button. Click a die to hold it: a held die keeps its value when the others are rolled again; click it again to release it. The last %1 rolls are listed.</source>
        <translation>Lancez avec Espace ou le bouton. Cliquez sur un dé pour le garder : un dé gardé garde sa valeur quand les autres sont relancés ; cliquez-le de nouveau pour le libérer. Les %1 derniers lancers sont listés.</translation>
    </message>
</context>
<context>
    <name>rules</name>
    <message>
        <source>Five equal dice</source>
        <translation>Cinq dés identiques</translation>
    </message>
    <message>
        <source>At least %1 equal dice</source>
        <translation>Au moins %1 dés identiques</translation>
    </message>
    <message>
        <source>Three of one face and two of another (five equal dice are not a full house)</source>
        <translation>Trois dés d’une face et deux d’une autre (cinq dés identiques ne font pas un full)</translation>
    </message>
    <message>
        <source>Exactly %1 (no other straight)</source>
        <translation>Exactement %1 (aucune autre suite)</translation>
    </message>
    <message>
        <source>%1 dice that follow each other (e.g. %2)</source>
        <translation>%1 dés qui se suivent (par exemple %2)</translation>
    </message>
    <message>
        <source>Four dice of one face and the fifth its complement to 7 (1-1-1-1-6, 2-2-2-2-5…)</source>
        <translation>Quatre dés d’une face et le cinquième qui la complète à 7 (1-1-1-1-6, 2-2-2-2-5…)</translation>
    </message>
    <message>
        <source>Any dice</source>
        <translation>N’importe quels dés</translation>
    </message>
    <message>
        <source>%1 points plus the sum of the five dice</source>
        <translation>%1 points plus la somme des cinq dés</translation>
    </message>
    <message>
        <source>the sum of the five dice</source>
        <translation>la somme des cinq dés</translation>
    </message>
    <message>
        <source>%1 points plus the %2 equal dice only</source>
        <translation>%1 points plus les %2 dés identiques seulement</translation>
    </message>
    <message>
        <source>the sum of the %1 equal dice only (the others do not count)</source>
        <translation>la somme des %1 dés identiques seulement (les autres ne comptent pas)</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 points</translation>
    </message>
    <message>
        <source>The sum of the dice showing %1 only (%2 gives %3).</source>
        <translation>La somme des dés qui montrent %1, et d’eux seuls (%2 donne %3).</translation>
    </message>
    <message>
        <source>Any dice: their sum. It is not added to the total: it only counts through the Écart.</source>
        <translation>N’importe quels dés : leur somme. Elle ne s’ajoute pas au total : elle ne compte que par l’Écart.</translation>
    </message>
    <message>
        <source>Any dice: their sum plus %1 points.</source>
        <translation>N’importe quels dés : leur somme plus %1 points.</translation>
    </message>
    <message>
        <source>Any dice: their sum.</source>
        <translation>N’importe quels dés : leur somme.</translation>
    </message>
    <message>
        <source>Any dice: %1 minus their sum, so low dice score high (1-1-1-2-2 gives %2).</source>
        <translation>N’importe quels dés : %1 moins leur somme ; les petits dés rapportent donc gros (1-1-1-2-2 donne %2).</translation>
    </message>
    <message>
        <source>%1: %2; otherwise 0.</source>
        <translation>%1 : %2 ; sinon 0.</translation>
    </message>
    <message>
        <source>This sheet has no upper bonus.</source>
        <translation>Cette feuille n’a pas de bonus en haut.</translation>
    </message>
    <message>
        <source>When the six upper boxes add up to %1 or more, they earn a bonus of %2 points plus one point for each point over %1 (a total of 70 earns %3).</source>
        <translation>Quand les six cases du haut totalisent %1 ou plus, elles rapportent un bonus de %2 points plus un point par point au-delà de %1 (un total de 70 rapporte %3).</translation>
    </message>
    <message>
        <source>When the six upper boxes add up to %1 or more, they earn a bonus of %2 points.</source>
        <translation>Quand les six cases du haut totalisent %1 ou plus, elles rapportent un bonus de %2 points.</translation>
    </message>
    <message>
        <source>Forced joker: the five dice go in the upper box of their face while it is free; else in any free lower box, where Full house and the straights score their full value; else in a free upper box, at 0.</source>
        <translation>Joker forcé : les cinq dés vont dans la case du haut de leur face tant qu’elle est libre ; sinon dans n’importe quelle case libre du bas, où le Full et les suites rapportent leur pleine valeur ; sinon dans une case libre du haut, à 0.</translation>
    </message>
    <message>
        <source>Hasbro joker: the five dice go in the upper box of their face while it is free; else in Three or Four of a kind while one is free; else in any free lower box at full value; else in a free upper box, at 0.</source>
        <translation>Joker Hasbro : les cinq dés vont dans la case du haut de leur face tant qu’elle est libre ; sinon dans le Brelan ou le Carré tant que l’un est libre ; sinon dans n’importe quelle case libre du bas, à pleine valeur ; sinon dans une case libre du haut, à 0.</translation>
    </message>
    <message>
        <source>Free joker: the five dice go in any free box; lower boxes score their full value.</source>
        <translation>Joker libre : les cinq dés vont dans n’importe quelle case libre ; les cases du bas rapportent leur pleine valeur.</translation>
    </message>
    <message>
        <source>Each further five of a kind earns a bonus of %1 points when %2 holds %3; none when %2 holds 0 or is still free. The dice still go in a box, by the joker rule.</source>
        <translation>Chaque nouvelle série de cinq dés identiques rapporte un bonus de %1 points quand la case %2 contient %3 ; aucun quand elle contient 0 ou est encore libre. Les dés vont quand même dans une case, selon la règle du joker.</translation>
    </message>
    <message>
        <source>Écart counts once both %1 and %2 are filled: %1 − %2 when %1 is greater than %2, else 0. %1 and %2 themselves are not added to the total.</source>
        <translation>L’Écart compte une fois %1 et %2 remplies : %1 − %2 quand %1 est plus grand que %2, sinon 0. %1 et %2 elles-mêmes ne s’ajoutent pas au total.</translation>
    </message>
    <message>
        <source>Each player in turn throws five dice, up to three times: after each throw, keep the dice you like and throw the others again. Then write the dice in one free box of your column — every turn fills one box, at 0 if the dice do not fit. The game ends after %1 turns, when every box is filled; the highest total wins, and equal totals share the win.</source>
        <translation>Chaque joueur à son tour lance cinq dés, jusqu’à trois fois : après chaque lancer, gardez les dés qui vous plaisent et relancez les autres. Puis inscrivez les dés dans une case libre de votre colonne — chaque tour remplit une case, à 0 si les dés ne conviennent pas. La partie s’arrête après %1 tours, quand toutes les cases sont remplies ; le plus grand total gagne, et les ex æquo partagent la victoire.</translation>
    </message>
    <message>
        <source>Upper section</source>
        <translation>Section haute</translation>
    </message>
    <message>
        <source>Lower section</source>
        <translation>Section basse</translation>
    </message>
    <message>
        <source>The joker: once %1 is filled, five of a kind may not go just anywhere. This game plays with the rule below.</source>
        <translation>Le joker : une fois la case %1 remplie, cinq dés identiques ne vont pas n’importe où. Cette partie se joue avec la règle ci-dessous.</translation>
    </message>
    <message>
        <source>Bonuses and the joker</source>
        <translation>Les bonus et le joker</translation>
    </message>
    <message>
        <source>The total</source>
        <translation>Le total</translation>
    </message>
    <message>
        <source>The total adds the upper boxes, the upper bonus, the lower boxes and any other bonus. Miss Dice adds up as you play and shows what each free box would score with the dice on the table.</source>
        <translation>Le total additionne les cases du haut, le bonus du haut, les cases du bas et les autres bonus. Miss Dice fait les comptes pendant la partie et montre ce que chaque case libre rapporterait avec les dés en jeu.</translation>
    </message>
</context>
<context>
    <name>texts</name>
    <message>
        <source>Ones</source>
        <translation>Les 1</translation>
    </message>
    <message>
        <source>Twos</source>
        <translation>Les 2</translation>
    </message>
    <message>
        <source>Threes</source>
        <translation>Les 3</translation>
    </message>
    <message>
        <source>Fours</source>
        <translation>Les 4</translation>
    </message>
    <message>
        <source>Fives</source>
        <translation>Les 5</translation>
    </message>
    <message>
        <source>Sixes</source>
        <translation>Les 6</translation>
    </message>
    <message>
        <source>Three of a kind</source>
        <translation>Brelan</translation>
    </message>
    <message>
        <source>Four of a kind</source>
        <translation>Carré</translation>
    </message>
    <message>
        <source>Full house</source>
        <translation>Full</translation>
    </message>
    <message>
        <source>Small straight</source>
        <translation>Petite suite</translation>
    </message>
    <message>
        <source>Large straight</source>
        <translation>Grande suite</translation>
    </message>
    <message>
        <source>Yahtzee</source>
        <translation>Yahtzee</translation>
    </message>
    <message>
        <source>Chance</source>
        <translation>Chance</translation>
    </message>
    <message>
        <source>Rigole</source>
        <translation>Rigole</translation>
    </message>
    <message>
        <source>Plus</source>
        <translation>Plus</translation>
    </message>
    <message>
        <source>Minus</source>
        <translation>Moins</translation>
    </message>
    <message>
        <source>Chance −</source>
        <translation>Chance −</translation>
    </message>
    <message>
        <source>Chance +</source>
        <translation>Chance +</translation>
    </message>
    <message>
        <source>Little straight</source>
        <translation>Petite suite</translation>
    </message>
    <message>
        <source>Big straight</source>
        <translation>Grande suite</translation>
    </message>
    <message>
        <source>Choice</source>
        <translation>Choix</translation>
    </message>
    <message>
        <source>Yacht</source>
        <translation>Yacht</translation>
    </message>
    <message>
        <source>Yam&apos;s</source>
        <translation>Yam&apos;s</translation>
    </message>
    <message>
        <source>Yam&apos;s Écart</source>
        <translation>Yam&apos;s Écart</translation>
    </message>
    <message>
        <source>Yam&apos;s Chances</source>
        <translation>Yam&apos;s Chances</translation>
    </message>
    <message>
        <source>forced joker</source>
        <translation>joker forcé</translation>
    </message>
    <message>
        <source>Hasbro joker</source>
        <translation>joker Hasbro</translation>
    </message>
    <message>
        <source>free joker</source>
        <translation>joker libre</translation>
    </message>
    <message>
        <source>dice from the table</source>
        <translation>dés de la table</translation>
    </message>
    <message>
        <source>virtual dice</source>
        <translation>dés virtuels</translation>
    </message>
    <message>
        <source>Forced: the box of that face, then any lower box at full value, then an upper box at 0</source>
        <translation>Forcé : la case de cette face, puis n’importe quelle case du bas à pleine valeur, puis une case du haut à 0</translation>
    </message>
    <message>
        <source>Hasbro: the box of that face, then Three or Four of a kind, then any lower box, then an upper box at 0</source>
        <translation>Hasbro : la case de cette face, puis Brelan ou Carré, puis n’importe quelle case du bas, puis une case du haut à 0</translation>
    </message>
    <message>
        <source>Free: any free box, lower boxes at full value</source>
        <translation>Libre : n’importe quelle case libre, celles du bas à pleine valeur</translation>
    </message>
    <message>
        <source>Yahtzee, Yam&apos;s, Yacht</source>
        <translation>Yahtzee, Yam&apos;s, Yacht</translation>
    </message>
    <message>
        <source>Cochon (Pig)</source>
        <translation>Cochon</translation>
    </message>
    <message>
        <source>421</source>
        <translation>421</translation>
    </message>
    <message>
        <source>Free roller (d4 to d20)</source>
        <translation>Lanceur libre (d4 à d20)</translation>
    </message>
    <message>
        <source>Joker rule</source>
        <translation>Règle du joker</translation>
    </message>
    <message>
        <source>Rigole box (four of a face and its complement to 7: 50)</source>
        <translation>Case Rigole (quatre dés d&apos;une face et son complément à 7 : 50)</translation>
    </message>
    <message>
        <source>Points to reach</source>
        <translation>Points à atteindre</translation>
    </message>
    <message>
        <source>Tokens in the pot</source>
        <translation>Jetons au pot</translation>
    </message>
    <message>
        <source>Worth of 4-2-1</source>
        <translation>Valeur du 4-2-1</translation>
    </message>
    <message>
        <source>five %1s</source>
        <translation>cinq %1</translation>
    </message>
    <message>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <source>This box is already filled.</source>
        <translation>Cette case est déjà remplie.</translation>
    </message>
    <message>
        <source>Joker: %1 must go in %2 while it is free.</source>
        <translation>Joker : les %1 vont dans « %2 » tant que cette case est libre.</translation>
    </message>
    <message>
        <source>Joker: %1 must go in %2 while one of them is free.</source>
        <translation>Joker : les %1 vont en %2 tant que l&apos;une de ces cases est libre.</translation>
    </message>
    <message>
        <source>Joker: %1 must go in a free lower box while one is free (%2).</source>
        <translation>Joker : les %1 vont dans une case libre du bas tant qu&apos;il y en a une (%2).</translation>
    </message>
    <message>
        <source>%1 is already filled.</source>
        <translation>%1 est déjà remplie.</translation>
    </message>
    <message>
        <source>Enter the dice from the table first.</source>
        <translation>Saisissez d&apos;abord les dés de la table.</translation>
    </message>
    <message>
        <source>No throws left: choose a box on the sheet.</source>
        <translation>Plus de lancer : choisissez une case de la feuille.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>La partie est finie.</translation>
    </message>
    <message>
        <source>This turn reaches %1: hold (H) to win.</source>
        <translation>Ce tour atteint %1 : gardez (H) pour gagner.</translation>
    </message>
    <message>
        <source>No game goes on this long: this one cannot take another turn.</source>
        <translation>Aucune partie ne dure autant : celle-ci ne peut plus prendre de tour.</translation>
    </message>
    <message>
        <source>Turn %1 has not been played.</source>
        <translation>Le tour %1 n&apos;a pas été joué.</translation>
    </message>
    <message>
        <source>This correction would make turn %1 illegal: %2</source>
        <translation>Cette correction rendrait le tour %1 interdit : %2</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>Rien à annuler.</translation>
    </message>
    <message>
        <source>Nothing to redo.</source>
        <translation>Rien à rétablir.</translation>
    </message>
    <message>
        <source>These dice do not fit this game.</source>
        <translation>Ces dés ne conviennent pas à ce jeu.</translation>
    </message>
    <message>
        <source>No rolls left: choose a box on the sheet.</source>
        <translation>Plus de lancer : choisissez une case de la feuille.</translation>
    </message>
    <message>
        <source>Every die is held: release one to roll.</source>
        <translation>Tous les dés sont gardés : libérez-en un pour relancer.</translation>
    </message>
    <message>
        <source>A held die cannot change when rolling.</source>
        <translation>Un dé gardé ne change pas quand on relance.</translation>
    </message>
    <message>
        <source>Roll the dice first (Space).</source>
        <translation>Lancez d&apos;abord les dés (Espace).</translation>
    </message>
    <message>
        <source>There is no die %1.</source>
        <translation>Il n&apos;y a pas de dé %1.</translation>
    </message>
    <message>
        <source>This game has no such action.</source>
        <translation>Ce jeu n&apos;a pas cette action.</translation>
    </message>
    <message>
        <source>This sheet has no such box.</source>
        <translation>Cette feuille n&apos;a pas cette case.</translation>
    </message>
    <message>
        <source>Roll at least once before holding.</source>
        <translation>Lancez au moins une fois avant de garder.</translation>
    </message>
    <message>
        <source>No throws left this round.</source>
        <translation>Plus de lancer pour ce tour de table.</translation>
    </message>
    <message>
        <source>Each player needs a name of 1 to 40 printable characters.</source>
        <translation>Chaque joueur a besoin d’un nom de 1 à 40 caractères imprimables.</translation>
    </message>
    <message>
        <source>A roll once seen stays: undo can release holds, not roll again.</source>
        <translation>Un lancer vu reste : annuler peut libérer des dés gardés, pas relancer.</translation>
    </message>
    <message>
        <source>These dice came from the table: choose a box. Virtual dice roll from the next turn.</source>
        <translation>Ces dés viennent de la table : choisissez une case. Les dés virtuels roulent dès le tour suivant.</translation>
    </message>
    <message>
        <source>This turn has a single throw: nothing to hold.</source>
        <translation>Ce tour n&apos;a qu&apos;un lancer : rien à garder.</translation>
    </message>
    <message>
        <source>Upper total</source>
        <translation>Total haut</translation>
    </message>
    <message>
        <source>Upper bonus</source>
        <translation>Bonus haut</translation>
    </message>
    <message>
        <source>Écart (Plus − Minus)</source>
        <translation>Écart (Plus − Moins)</translation>
    </message>
    <message>
        <source>Lower total</source>
        <translation>Total bas</translation>
    </message>
    <message>
        <source>Yahtzee bonus</source>
        <translation>Bonus Yahtzee</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>%1 to go</source>
        <translation>manque %1</translation>
    </message>
    <message>
        <source>%1 points still missing for the bonus.</source>
        <translation>Il manque encore %1 points pour le bonus.</translation>
    </message>
    <message>
        <source>%1&apos;s %2</source>
        <translation>%2 de %1</translation>
    </message>
    <message>
        <source>%1&apos;s %2 (%3)</source>
        <translation>%2 de %1 (%3)</translation>
    </message>
    <message>
        <source>%1&apos;s roll</source>
        <translation>le lancer de %1</translation>
    </message>
    <message>
        <source>%1&apos;s throw</source>
        <translation>le lancer de %1 (table)</translation>
    </message>
    <message>
        <source>holding die %1</source>
        <translation>garder le dé %1</translation>
    </message>
    <message>
        <source>releasing die %1</source>
        <translation>libérer le dé %1</translation>
    </message>
    <message>
        <source>%1&apos;s hold</source>
        <translation>%1 qui garde</translation>
    </message>
    <message>
        <source>%1 stopping</source>
        <translation>%1 qui s’arrête</translation>
    </message>
    <message>
        <source>renaming the players</source>
        <translation>le changement de nom des joueurs</translation>
    </message>
    <message>
        <source>the correction of turn %1</source>
        <translation>la correction du tour %1</translation>
    </message>
    <message>
        <source>the dice %1</source>
        <translation>les dés %1</translation>
    </message>
    <message>
        <source>out of reach</source>
        <translation>hors d’atteinte</translation>
    </message>
    <message>
        <source>The bonus can no longer be reached: even five dice of the best face in every free upper box would not be enough.</source>
        <translation>Le bonus ne peut plus être atteint : même cinq dés de la meilleure face dans chaque case libre du haut ne suffiraient pas.</translation>
    </message>
    <message>
        <source>%1 scores 0 with these dice. %2</source>
        <translation>%1 rapporte 0 avec ces dés. %2</translation>
    </message>
    <message>
        <source>%1 (key %2 in the sheet)</source>
        <translation>%1 (touche %2 dans la feuille)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>%1, played by the computer</source>
        <translation>%1, joué par l’ordinateur</translation>
    </message>
    <message>
        <source>%1 (playing now)</source>
        <translation>%1 (joue maintenant)</translation>
    </message>
    <message>
        <source>%1 (cpu)</source>
        <translation>%1 (ordi)</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2 : %3</translation>
    </message>
    <message>
        <source>%1, %2: free</source>
        <translation>%1, %2 : libre</translation>
    </message>
    <message>
        <source>%1, %2: free, these dice would score %3</source>
        <translation>%1, %2 : libre, ces dés rapporteraient %3</translation>
    </message>
    <message>
        <source>%1: %2 points scored.</source>
        <translation>%1 : %2 points inscrits.</translation>
    </message>
    <message>
        <source>%1: free.</source>
        <translation>%1 : libre.</translation>
    </message>
    <message>
        <source>Joker: click or press Enter to score %2 in %1.</source>
        <translation>Joker : cliquez ou appuyez sur Entrée pour inscrire %2 dans « %1 ».</translation>
    </message>
    <message>
        <source>Click or press Enter to score %2 in %1.</source>
        <translation>Cliquez ou appuyez sur Entrée pour inscrire %2 dans « %1 ».</translation>
    </message>
</context>
</TS>
