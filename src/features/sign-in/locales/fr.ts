import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const fr: Translation<typeof en> = {
  title: 'Connexion',
  intro: 'Connectez-vous à votre cabinet.',
  method: 'Se connecter avec',
  methodBasic: 'Nom d’utilisateur et mot de passe',
  methodKey: 'Clé API',
  user: 'Nom d’utilisateur',
  password: 'Mot de passe',
  apiKey: 'Clé API',
  remember: 'Se souvenir de moi sur cet appareil',
  rememberHint:
    'Uniquement sur un appareil que personne d’autre n’utilise. Sinon, vous restez connecté jusqu’à la fermeture de l’onglet.',
  submit: 'Se connecter',
  failed: 'La connexion a échoué',
  demo: 'Ceci est le cabinet de démonstration\u202f: les identifiants de démonstration sont préremplis.',
  again: 'Veuillez vous reconnecter pour reprendre là où vous en étiez.',
  pick: {
    title: 'Qui êtes-vous\u202f?',
    hint: 'Ce service ne dit pas à qui appartiennent les identifiants. Choisissez-vous une fois\u202f; le choix est conservé avec la connexion.',
    label: 'Je suis',
    submit: 'Continuer',
  },
  errors: {
    userRequired: 'Saisissez votre nom d’utilisateur.',
    passwordRequired: 'Saisissez votre mot de passe.',
    keyRequired: 'Saisissez la clé API.',
    pickRequired: 'Indiquez qui vous êtes.',
  },
  wrongPassword: 'Nom d’utilisateur ou mot de passe incorrect.',
  wrongKey: 'Cette clé API n’est pas valable pour ce cabinet.',
};
